"""The Neovim end-to-end scenario, driven by pytest-lsp with real clients' capability sets."""

import asyncio
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import make_test_lsp_client

from conftest import dpend_binary, generate_with_cli

STEP_TIMEOUT = 10
CLIENTS = ["visual-studio-code", "neovim"]


REGISTRATIONS: list = []
# Each `workspace/codeLens/refresh` and `workspace/inlayHint/refresh` the server sent.
REFRESHED: list = []


def make_client() -> LanguageClient:
    """pytest-lsp's client, answering `client/registerCapability` as VS Code and Neovim do."""
    client = make_test_lsp_client()

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(client: LanguageClient, params: types.RegistrationParams):
        REGISTRATIONS.extend(r.method for r in params.registrations)
        return None

    # The clients whose capabilities say they can be asked to fetch lenses and hints again.
    @client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def code_lens_refresh(client: LanguageClient, params):
        REFRESHED.append("codeLens")
        return None

    @client.feature(types.WORKSPACE_INLAY_HINT_REFRESH)
    def inlay_hint_refresh(client: LanguageClient, params):
        REFRESHED.append("inlayHint")
        return None
    return client


@pytest_lsp.fixture(
    params=CLIENTS,
    config=ClientServerConfig(
        server_command=[dpend_binary(), "lsp", "--debounce", "10"], client_factory=make_client
    ),
)
async def client(request, lsp_client: LanguageClient, workspace: pathlib.Path):
    params = types.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="workspace")],
    )
    result = await asyncio.wait_for(lsp_client.initialize_session(params), STEP_TIMEOUT)
    assert result.server_info.name == "dpend"
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), STEP_TIMEOUT)


async def diagnostics_for(client: LanguageClient, uri: str, count: int):
    """Waits until `uri` has `count` diagnostics published."""

    async def wait():
        while len(client.diagnostics.get(uri, [])) != count or uri not in client.diagnostics:
            await client.wait_for_notification("textDocument/publishDiagnostics")
        return client.diagnostics[uri]

    return await asyncio.wait_for(wait(), STEP_TIMEOUT)


def apply_text_edits(text: str, edits) -> str:
    """Applies non-overlapping LSP text edits (UTF-16 positions) to `text`."""
    lines = text.split("\n")

    def offset(position: types.Position) -> int:
        before = sum(len(line) + 1 for line in lines[: position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        units = line.encode("utf-16-le")[: position.character * 2].decode("utf-16-le")
        return before + len(units)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


async def test_scenario(client: LanguageClient, workspace: pathlib.Path):
    feed = workspace / "Sources" / "Feed.swift"
    clock = workspace / "Sources" / "Clock.swift"
    feed_uri = feed.as_uri()

    # The missing dependency arrives at the right line and column.
    [diagnostic] = await diagnostics_for(client, feed_uri, 1)
    assert diagnostic.message == "missing dependency: nothing provides 'Store', needed by 'FeedImpl.init(clock:store:)'"
    assert (diagnostic.range.start.line, diagnostic.range.start.character) == (2, 28)
    assert (diagnostic.range.end.line, diagnostic.range.end.character) == (2, 33)
    assert diagnostic.code == "missing-dependency"
    assert diagnostic.source == "dpend"
    assert diagnostic.severity == types.DiagnosticSeverity.Error

    # Hover on a dependency shows its provider.
    position = types.TextDocumentPositionParams(
        text_document=types.TextDocumentIdentifier(uri=feed_uri), position=types.Position(line=2, character=16)
    )
    hover = await asyncio.wait_for(
        client.text_document_hover_async(types.HoverParams(position.text_document, position.position)), STEP_TIMEOUT
    )
    assert hover.contents.value == "`Clock` is provided by `ClockImpl.init()` (scope: `unique`)"

    # Go to definition lands on the provider.
    locations = await asyncio.wait_for(
        client.text_document_definition_async(types.DefinitionParams(position.text_document, position.position)),
        STEP_TIMEOUT,
    )
    assert [(l.uri, l.range.start.line, l.range.start.character) for l in locations] == [(clock.as_uri(), 1, 12)]

    # An edit fixing it clears the diagnostic.
    text = feed.read_text()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(feed_uri, "swift", 1, text))
    )
    end = types.Position(line=text.count("\n"), character=0)
    fix = "final class StoreImpl: Store {}\n"
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=feed_uri, version=2),
            [types.TextDocumentContentChangePartial(range=types.Range(end, end), text=fix)],
        )
    )
    assert list(await diagnostics_for(client, feed_uri, 0)) == []

    # "Generate registrations" is offered; applying its edit gives what `dpend generate` writes.
    actions = await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=feed_uri),
                range=types.Range(types.Position(0, 0), types.Position(0, 0)),
                context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.Source]),
            )
        ),
        STEP_TIMEOUT,
    )
    [generate] = [a for a in actions if a.title == "Generate registrations"]
    assert generate.disabled is None
    # First use: the output file does not exist, so the edit creates it.
    output = workspace / "Generated" / "Dependencies.swift"
    assert not output.exists()
    output_uri = output.as_uri()
    [create, change] = generate.edit.document_changes
    assert create.kind == "create" and create.uri == output_uri
    assert change.text_document.uri == output_uri
    generated = apply_text_edits("", change.edits)
    feed.write_text(text + fix)
    assert generated == generate_with_cli(workspace)


ASSEMBLY = """import Swinject

func assemble(_ container: Container) {
  container.register(Store.self) { _ in StoreImpl() }.inObjectScope(.container)
  container.register(Feed.self) { r in
    Feed(store: r.resolve(Store.self)!, clock: r.resolve(Clock.self)!)
  }
}
"""
SERVICES = """protocol Store {}
protocol Clock {}
final class StoreImpl: Store {}
final class Feed { init(store: Store, clock: Clock) {} }
"""


@pytest.fixture
def container_workspace(tmp_path: pathlib.Path) -> pathlib.Path:
    """A Swinject workspace: `Store` registered and resolved, `Clock` resolved and registered nowhere."""
    root = tmp_path / "container"
    (root / "Sources").mkdir(parents=True)
    (root / ".dpend.json").write_text("{}\n")
    (root / "Sources" / "Assembly.swift").write_text(ASSEMBLY)
    (root / "Sources" / "Services.swift").write_text(SERVICES)
    return root


@pytest_lsp.fixture(
    params=CLIENTS,
    config=ClientServerConfig(
        server_command=[dpend_binary(), "lsp", "--debounce", "10"], client_factory=make_client
    ),
)
async def container_client(request, lsp_client: LanguageClient, container_workspace: pathlib.Path):
    params = types.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=container_workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=container_workspace.as_uri(), name="container")],
    )
    result = await asyncio.wait_for(lsp_client.initialize_session(params), STEP_TIMEOUT)
    capabilities = result.capabilities
    assert capabilities.document_symbol_provider and capabilities.workspace_symbol_provider
    assert capabilities.code_lens_provider and capabilities.inlay_hint_provider
    assert capabilities.call_hierarchy_provider
    # Pull diagnostics are offered to a client that pulls and can be asked to pull again;
    # neither recorded set is both (Neovim's pulls but cannot be asked), so both are pushed to.
    offered = client_capabilities(request.param)
    pulls = offered.text_document.diagnostic is not None and bool(
        offered.workspace.diagnostics and offered.workspace.diagnostics.refresh_support
    )
    assert (capabilities.diagnostic_provider is not None) == pulls
    lsp_client.pulls = pulls
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), STEP_TIMEOUT)


async def test_container_features(container_client: LanguageClient, container_workspace: pathlib.Path):
    client = container_client
    uri = (container_workspace / "Sources" / "Assembly.swift").as_uri()
    doc = types.TextDocumentIdentifier(uri=uri)
    await diagnostics_for(client, uri, 1)

    def span(r):
        return (r.start.line, r.start.character, r.end.line, r.end.character)

    # Outline: the two registrations.
    symbols = await asyncio.wait_for(client.text_document_document_symbol_async(types.DocumentSymbolParams(doc)), STEP_TIMEOUT)
    assert [(s.name, s.detail, span(s.selection_range)) for s in symbols] == [
        ("Store", "Swinject, scope container", (3, 12, 3, 20)),
        ("Feed", "Swinject, default scope", (4, 12, 4, 20)),
    ]
    found = await asyncio.wait_for(client.workspace_symbol_async(types.WorkspaceSymbolParams(query="feed")), STEP_TIMEOUT)
    assert [(s.name, s.location.uri) for s in found] == [("Feed", uri)]

    # Lenses: what each registration answers and needs; the resolve nothing registers.
    lenses = await asyncio.wait_for(client.text_document_code_lens_async(types.CodeLensParams(doc)), STEP_TIMEOUT)
    assert [(l.range.start.line, l.command.title, l.command.command) for l in lenses] == [
        (3, "1 resolve · needs nothing", "dpend.showReferences"),
        (4, "0 resolves · needs 2", "dpend.showReferences"),
        (5, "not registered", "dpend.showReferences"),
    ]

    # Inlay hints: Feed's implicit scope after the call's closing parenthesis, set apart.
    hints = await asyncio.wait_for(
        client.text_document_inlay_hint_async(
            types.InlayHintParams(doc, types.Range(types.Position(0, 0), types.Position(10, 0)))
        ),
        STEP_TIMEOUT,
    )
    assert [(h.position.line, h.position.character, h.label, h.kind, h.padding_left) for h in hints] == [
        (4, 31, ": scope .graph", types.InlayHintKind.Parameter, True)
    ]

    # Hover on the key itself covers the key.
    hover = await asyncio.wait_for(
        client.text_document_hover_async(types.HoverParams(doc, types.Position(5, 28))), STEP_TIMEOUT
    )
    assert hover.contents.value.startswith("Resolves `Store`")
    assert span(hover.range) == (5, 26, 5, 36)

    # Call hierarchy: Store's incoming is Feed; Feed's outgoing is Store and the missing Clock.
    [store] = await asyncio.wait_for(
        client.text_document_prepare_call_hierarchy_async(types.CallHierarchyPrepareParams(doc, types.Position(3, 25))),
        STEP_TIMEOUT,
    )
    assert store.name == "Store"
    incoming = await asyncio.wait_for(
        client.call_hierarchy_incoming_calls_async(types.CallHierarchyIncomingCallsParams(store)), STEP_TIMEOUT
    )
    assert [(c.from_.name, [span(r) for r in c.from_ranges]) for c in incoming] == [("Feed", [(5, 18, 5, 25)])]
    outgoing = await asyncio.wait_for(
        client.call_hierarchy_outgoing_calls_async(types.CallHierarchyOutgoingCallsParams(incoming[0].from_)),
        STEP_TIMEOUT,
    )
    assert [(c.to.name, c.to.detail) for c in outgoing] == [("Store", "Swinject, scope container"), ("Clock", "not registered")]

    # Pull diagnostics, for a client that pulls: the document's report names the missing Clock.
    if not client.pulls:
        return
    report = await asyncio.wait_for(
        client.text_document_diagnostic_async(types.DocumentDiagnosticParams(doc)), STEP_TIMEOUT
    )
    assert report.kind == "full"
    assert [d.message for d in report.items] == ["missing dependency: nothing registers 'Clock', needed by 'Feed'"]


CLOCK = """import Swinject

func registerClock(_ container: Container) {
  container.register(Clock.self) { _ in SystemClock() }
}
"""
CLOCK_TYPE = "final class SystemClock: Clock {}\n"


@pytest.fixture
def pull_workspace(container_workspace: pathlib.Path) -> pathlib.Path:
    """The Swinject workspace with `Clock` registered in a file of its own."""
    (container_workspace / "Sources" / "Clock.swift").write_text(CLOCK)
    services = container_workspace / "Sources" / "Services.swift"
    services.write_text(services.read_text() + CLOCK_TYPE)
    return container_workspace


@pytest_lsp.fixture(
    params=["refresh", "no-refresh"],
    config=ClientServerConfig(
        server_command=[dpend_binary(), "lsp", "--debounce", "10"], client_factory=make_client
    ),
)
async def pulling_client(request, lsp_client: LanguageClient, pull_workspace: pathlib.Path):
    """Neovim's capabilities (it pulls), with `workspace.diagnostics.refreshSupport` or without."""
    capabilities = client_capabilities("neovim")
    refresh = request.param == "refresh"
    capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=refresh)
    params = types.InitializeParams(
        capabilities=capabilities,
        root_uri=pull_workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=pull_workspace.as_uri(), name="container")],
    )
    result = await asyncio.wait_for(lsp_client.initialize_session(params), STEP_TIMEOUT)
    # Pull is offered only to a client that can be asked to pull again.
    assert (result.capabilities.diagnostic_provider is not None) == refresh
    lsp_client.refresh = refresh
    REFRESHED.clear()
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), STEP_TIMEOUT)


async def test_another_files_edit_reaches_an_open_document(pulling_client: LanguageClient, pull_workspace: pathlib.Path):
    client = pulling_client
    assembly = pull_workspace / "Sources" / "Assembly.swift"
    clock = pull_workspace / "Sources" / "Clock.swift"
    assembly_doc = types.TextDocumentIdentifier(uri=assembly.as_uri())
    for path in (assembly, clock):
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(path.as_uri(), "swift", 1, path.read_text()))
        )

    async def shown() -> list:
        """What the editor shows for Assembly.swift: the pull's report, or what was pushed."""
        if client.refresh:
            report = await asyncio.wait_for(
                client.text_document_diagnostic_async(types.DocumentDiagnosticParams(assembly_doc)), STEP_TIMEOUT
            )
            return [(d.range.start.line, d.range.start.character, d.message) for d in report.items]
        return [(d.range.start.line, d.range.start.character, d.message) for d in client.diagnostics.get(assembly.as_uri(), [])]

    async def edit_clock(version: int, text: str, expected: list):
        # pytest-lsp's client counts each `workspace/diagnostic/refresh` and answers it.
        refreshes = client.diagnostic_refresh_count
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(uri=clock.as_uri(), version=version),
                [types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )

        async def settled():
            while True:
                if client.refresh:
                    # Asked to pull again, then the pull shows it.
                    while client.diagnostic_refresh_count == refreshes:
                        await asyncio.sleep(0.01)
                elif len(client.diagnostics.get(assembly.as_uri(), [])) != len(expected):
                    await client.wait_for_notification("textDocument/publishDiagnostics")
                    continue
                return await shown()

        assert await asyncio.wait_for(settled(), STEP_TIMEOUT) == expected

    assert await shown() == []
    missing = [(5, 49, "missing dependency: nothing registers 'Clock', needed by 'Feed'")]
    await edit_clock(2, CLOCK.replace("  container.register(Clock.self) { _ in SystemClock() }\n", ""), missing)
    await edit_clock(3, CLOCK, [])
    # Neovim's set fetches hints again when asked; lenses it refreshes itself (no refreshSupport).
    assert "inlayHint" in REFRESHED and "codeLens" not in REFRESHED
