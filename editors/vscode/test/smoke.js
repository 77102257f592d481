// Activation smoke test: loads the compiled extension with stub `vscode` and
// `vscode-languageclient/node` modules (npm is out of reach), where the stub client really
// spawns the configured `dpend lsp` and completes an initialize/shutdown round trip.
//
//   DPEND_BIN=/path/to/dpend DPEND_WORKSPACE=/path/to/workspace node test/smoke.js
"use strict";
const Module = require("module");
const assert = require("assert");
const { spawn } = require("child_process");
const path = require("path");
const { pathToFileURL } = require("url");

const bin = process.env.DPEND_BIN;
const workspace = process.env.DPEND_WORKSPACE;
assert(bin && workspace, "set DPEND_BIN and DPEND_WORKSPACE");
const STEP_TIMEOUT = 10000;

function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), STEP_TIMEOUT);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// A minimal JSON-RPC client over the spawned server's stdio, with Content-Length framing.
class StubLanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    Object.assign(this, { id, name, serverOptions, clientOptions });
    this.pending = new Map();
    this.nextId = 1;
    this.buffer = Buffer.alloc(0);
    StubLanguageClient.instances.push(this);
  }

  async start() {
    const { command, args } = this.serverOptions.run;
    this.process = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    this.exited = new Promise((resolve) => this.process.on("exit", (code) => resolve(code)));
    this.process.stdout.on("data", (chunk) => this.receive(chunk));
    const root = pathToFileURL(workspace).href;
    this.initializeResult = await withTimeout(
      // As vscode-languageclient says: edits may create files.
      this.sendRequest("initialize", {
        processId: process.pid, rootUri: root,
        capabilities: { workspace: { workspaceEdit: { documentChanges: true, resourceOperations: ["create", "rename", "delete"] } } },
      }),
      "initialize",
    );
    this.notify("initialized", {});
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf("\r\n\r\n");
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: *(\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString("utf8"));
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      if (message.id !== undefined && message.method) {
        // A request from the server: recorded, and answered as applied.
        StubLanguageClient.serverRequests.push(message);
        const result = message.method === "workspace/applyEdit" ? { applied: true } : null;
        this.write({ jsonrpc: "2.0", id: message.id, result });
      } else if (message.id !== undefined && this.pending.has(message.id)) {
        const { resolve, reject } = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) reject(new Error(message.error.message));
        else resolve(message.result);
      }
    }
  }

  write(message) {
    const body = Buffer.from(JSON.stringify(message), "utf8");
    this.process.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  }

  notify(method, params) {
    this.write({ jsonrpc: "2.0", method, params });
  }

  sendRequest(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.write({ jsonrpc: "2.0", id, method, params });
    });
  }

  async stop() {
    await withTimeout(this.sendRequest("shutdown", null), "shutdown");
    this.notify("exit", null);
    this.exitCode = await withTimeout(this.exited, "the server to exit");
  }

  async restart() {
    await this.stop();
    await this.start();
  }
}
StubLanguageClient.instances = [];
StubLanguageClient.serverRequests = [];

const registered = new Map();
const opened = [];
const external = [];
const shownReferences = [];
class Uri {
  constructor(text) { this.text = text; }
  static parse(text) { return new Uri(text); }
  toString() { return this.text; }
}
class Position { constructor(line, character) { Object.assign(this, { line, character }); } }
class Range { constructor(start, end) { Object.assign(this, { start, end }); } }
class Location { constructor(uri, range) { Object.assign(this, { uri, range }); } }
const errors = [];
const settings = { "server.path": bin, "server.extraArguments": ["--debounce", "10"] };
const vscode = {
  window: {
    activeTextEditor: undefined,
    createOutputChannel: (name) => ({ name, appendLine() {}, dispose() {} }),
    showErrorMessage: async (message) => errors.push(message),
    showTextDocument: async (document) => ({ document }),
    showInputBox: async () => "Store",
  },
  env: { openExternal: async (uri) => external.push(uri.toString()) },
  Uri, Position, Range, Location,
  workspace: {
    getConfiguration: (section) => {
      assert.strictEqual(section, "dpend");
      return { get: (key, fallback) => (key in settings ? settings[key] : fallback) };
    },
    openTextDocument: async (options) => {
      opened.push(options);
      return { uri: { toString: () => "untitled:tree" } };
    },
    onDidChangeConfiguration: () => ({ dispose() {} }),
  },
  commands: {
    registerCommand: (id, callback) => {
      registered.set(id, callback);
      return { dispose: () => registered.delete(id) };
    },
    executeCommand: async (id, ...args) => {
      if (id === "editor.action.showReferences") return shownReferences.push(args);
      return registered.get(id)(...args);
    },
  },
};
const languageClient = { LanguageClient: StubLanguageClient, TransportKind: { stdio: 0, ipc: 1, pipe: 2, socket: 3 } };

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === "vscode") return vscode;
  if (request === "vscode-languageclient/node") return languageClient;
  return load.call(this, request, parent, isMain);
};

// The mistake fixed on disk, so that the graph is valid and can be generated.
require("fs").writeFileSync(path.join(workspace, "Sources", "StoreImpl.swift"), "final class StoreImpl: Store {}\n");

const results = [];
async function check(name, body) {
  try {
    await body();
    results.push([name, true]);
    console.log(`ok - ${name}`);
  } catch (error) {
    results.push([name, false]);
    console.log(`not ok - ${name}: ${error.stack || error}`);
  }
}

(async () => {
  const manifest = require("../package.json");
  const extension = require(path.join(__dirname, "..", "out", "extension.js"));
  const context = { subscriptions: [] };

  await check("activation starts `dpend lsp` with the configured path and arguments", async () => {
    await withTimeout(extension.activate(context), "activation");
    const [client] = StubLanguageClient.instances;
    assert.deepStrictEqual(client.serverOptions.run, { command: bin, args: ["lsp", "--debounce", "10"], transport: 0 });
    assert.deepStrictEqual(client.clientOptions.documentSelector, [{ scheme: "file", language: "swift" }]);
    assert.strictEqual(client.initializeResult.serverInfo.name, "dpend");
    assert.strictEqual(client.initializeResult.capabilities.hoverProvider, true);
  });

  await check("the manifest's commands are the ones registered", async () => {
    const declared = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepStrictEqual([...registered.keys()].sort(), declared);
    assert.deepStrictEqual(declared, [
      "dpend.generate", "dpend.graph", "dpend.restart", "dpend.showReferences", "dpend.tree",
    ]);
  });

  await check("a code lens's 'dpend.showReferences' opens VS Code's references view", async () => {
    const file = pathToFileURL(path.join(workspace, "Sources", "Feed.swift")).href;
    const range = { start: { line: 2, character: 28 }, end: { line: 2, character: 33 } };
    await vscode.commands.executeCommand("dpend.showReferences", file, { line: 1, character: 6 }, [{ uri: file, range }]);
    assert.deepStrictEqual(shownReferences, [[
      new Uri(file), new Position(1, 6),
      [new Location(new Uri(file), new Range(new Position(2, 28), new Position(2, 33)))],
    ]]);
  });

  await check("'Show dependency graph' opens the page the server wrote", async () => {
    await withTimeout(vscode.commands.executeCommand("dpend.graph"), "the graph command");
    assert.deepStrictEqual(errors, []);
    assert.strictEqual(external.length, 1);
    const page = require("fs").readFileSync(new URL(external[0]), "utf8");
    assert.match(page, /<title>dpend graph: .*, around Store<\/title>/);
    assert.match(page, /<svg/);
  });

  await check("'Generate registrations' on first use asks the editor to create the output file", async () => {
    const output = pathToFileURL(path.join(workspace, "Generated", "Dependencies.swift")).href;
    assert(!require("fs").existsSync(new URL(output)), "the output file exists before the first use");
    await withTimeout(vscode.commands.executeCommand("dpend.generate"), "the generate command");
    assert.deepStrictEqual(errors, []);
    const deadline = Date.now() + STEP_TIMEOUT;
    let edit;
    while (!edit && Date.now() < deadline) {
      edit = StubLanguageClient.serverRequests.find((m) => m.method === "workspace/applyEdit");
      if (!edit) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert(edit, "no workspace/applyEdit");
    const [create, change] = edit.params.edit.documentChanges;
    assert.deepStrictEqual(create, { kind: "create", uri: output, options: { ignoreIfExists: false, overwrite: true } });
    assert.strictEqual(change.textDocument.uri, output);
    assert.match(change.edits[0].newText, /StoreImpl/);
  });

  await check("'Show dependency tree' opens the server's tree", async () => {
    await withTimeout(vscode.commands.executeCommand("dpend.tree"), "the tree command");
    assert.deepStrictEqual(errors, []);
    assert.strictEqual(opened.length, 1);
    assert.match(opened[0].content, /^Feed ← FeedImpl\.init\(clock:store:\)$/m);
  });

  await check("'Restart server' stops the server cleanly and starts a new one", async () => {
    await withTimeout(vscode.commands.executeCommand("dpend.restart"), "the restart");
    const [first, second] = StubLanguageClient.instances;
    assert.strictEqual(first.exitCode, 0);
    assert.strictEqual(second.initializeResult.serverInfo.name, "dpend");
  });

  await check("deactivation shuts the server down with exit code 0", async () => {
    await withTimeout(extension.deactivate(), "deactivation");
    const last = StubLanguageClient.instances[StubLanguageClient.instances.length - 1];
    assert.strictEqual(last.exitCode, 0);
  });

  for (const client of StubLanguageClient.instances) {
    if (client.process.exitCode === null) client.process.kill();
  }
  const failed = results.filter(([, ok]) => !ok).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
})();
