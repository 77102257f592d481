// The dpend extension: starts `dpend lsp` for Swift files and adds three commands.
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

let client: LanguageClient | undefined;

/** The server command from the settings: `<path> lsp <extra arguments…>`. */
export function serverOptions(configuration: vscode.WorkspaceConfiguration): ServerOptions {
  const command = configuration.get<string>("server.path", "dpend") || "dpend";
  const extra = configuration.get<string[]>("server.extraArguments", []);
  const executable = { command, args: ["lsp", ...extra], transport: TransportKind.stdio };
  return { run: executable, debug: executable };
}

/** What the client handles: Swift files on disk; dpend watches its files itself. */
export function clientOptions(output: vscode.OutputChannel): LanguageClientOptions {
  return {
    documentSelector: [{ scheme: "file", language: "swift" }],
    outputChannel: output,
    traceOutputChannel: output,
  };
}

function activeDocumentUri(): string | undefined {
  return vscode.window.activeTextEditor?.document.uri.toString();
}

async function executeServerCommand(command: string, ...extra: string[]): Promise<unknown> {
  if (!client) {
    throw new Error("the dpend language server is not running");
  }
  const uri = activeDocumentUri();
  return client.sendRequest("workspace/executeCommand", { command, arguments: [uri ?? "", ...extra] });
}

interface LSPPosition {
  line: number;
  character: number;
}

interface LSPLocation {
  uri: string;
  range: { start: LSPPosition; end: LSPPosition };
}

/** A code lens's `dpend.showReferences` (document, position, locations) as VS Code's peek view. */
export async function showReferences(uri: string, position: LSPPosition, locations: LSPLocation[]): Promise<unknown> {
  const at = (p: LSPPosition) => new vscode.Position(p.line, p.character);
  return vscode.commands.executeCommand(
    "editor.action.showReferences",
    vscode.Uri.parse(uri),
    at(position),
    (locations ?? []).map((l) => new vscode.Location(vscode.Uri.parse(l.uri), new vscode.Range(at(l.range.start), at(l.range.end)))),
  );
}

/** Starts a client with the current settings (the trace level is read from `dpend.trace.server`). */
async function startClient(output: vscode.OutputChannel): Promise<void> {
  const configuration = vscode.workspace.getConfiguration("dpend");
  client = new LanguageClient("dpend", "dpend", serverOptions(configuration), clientOptions(output));
  await client.start();
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel("dpend");

  context.subscriptions.push(
    output,
    // The server's own commands (dpend.generateRegistrations, dpend.showTree) are registered by
    // the language client; these palette commands call them for the active document's folder.
    vscode.commands.registerCommand("dpend.generate", async () => {
      try {
        await executeServerCommand("dpend.generateRegistrations");
      } catch (error) {
        vscode.window.showErrorMessage(`dpend: ${(error as Error).message}`);
      }
    }),
    vscode.commands.registerCommand("dpend.tree", async () => {
      try {
        const tree = await executeServerCommand("dpend.showTree");
        const document = await vscode.workspace.openTextDocument({ content: String(tree ?? ""), language: "plaintext" });
        await vscode.window.showTextDocument(document, { preview: true });
      } catch (error) {
        vscode.window.showErrorMessage(`dpend: ${(error as Error).message}`);
      }
    }),
    // The code lenses' command: the server names it, the editor shows the places.
    vscode.commands.registerCommand("dpend.showReferences", (...args: unknown[]) =>
      showReferences(args[0] as string, args[1] as LSPPosition, args[2] as LSPLocation[]),
    ),
    // The graph's web page (around a key when one is typed), opened in the browser.
    vscode.commands.registerCommand("dpend.graph", async () => {
      try {
        const key = await vscode.window.showInputBox({ prompt: "Draw around a key (empty: the whole graph)" });
        if (key === undefined) return;
        const page = await executeServerCommand("dpend.showGraph", key);
        await vscode.env.openExternal(vscode.Uri.parse(String(page)));
      } catch (error) {
        vscode.window.showErrorMessage(`dpend: ${(error as Error).message}`);
      }
    }),
    // Restarting re-reads the settings, so a new server path or arguments take effect.
    vscode.commands.registerCommand("dpend.restart", async () => {
      await deactivate();
      await startClient(output);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("dpend.server")) {
        await vscode.commands.executeCommand("dpend.restart");
      }
    }),
  );
  await startClient(output);
}

export async function deactivate(): Promise<void> {
  const running = client;
  client = undefined;
  await running?.stop();
}
