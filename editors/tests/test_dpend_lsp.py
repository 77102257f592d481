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


def make_client() -> LanguageClient:
    """pytest-lsp's client, answering `client/registerCapability` as VS Code and Neovim do."""
    client = make_test_lsp_client()

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(client: LanguageClient, params: types.RegistrationParams):
        REGISTRATIONS.extend(r.method for r in params.registrations)
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
