// The part of the VS Code API (module "vscode", as in @types/vscode 1.75) that the extension
// uses, declared here because the npm registry is out of reach; the real package replaces it
// when the extension is built for the marketplace.
declare module "vscode" {
  export interface Disposable {
    dispose(): unknown;
  }

  export interface ExtensionContext {
    readonly subscriptions: { dispose(): unknown }[];
  }

  export interface OutputChannel extends Disposable {
    readonly name: string;
    appendLine(value: string): void;
  }

  export interface WorkspaceConfiguration {
    get<T>(section: string, defaultValue: T): T;
  }

  export interface ConfigurationChangeEvent {
    affectsConfiguration(section: string): boolean;
  }

  export interface Uri {
    toString(): string;
  }

  export interface TextDocument {
    readonly uri: Uri;
  }

  export interface TextEditor {
    readonly document: TextDocument;
  }

  export interface TextDocumentShowOptions {
    preview?: boolean;
  }

  export namespace window {
    const activeTextEditor: TextEditor | undefined;
    function createOutputChannel(name: string): OutputChannel;
    function showErrorMessage(message: string): Thenable<string | undefined>;
    function showTextDocument(document: TextDocument, options?: TextDocumentShowOptions): Thenable<TextEditor>;
  }

  export namespace workspace {
    function getConfiguration(section?: string): WorkspaceConfiguration;
    function openTextDocument(options: { content?: string; language?: string }): Thenable<TextDocument>;
    function onDidChangeConfiguration(listener: (event: ConfigurationChangeEvent) => unknown): Disposable;
  }

  export namespace commands {
    function registerCommand(command: string, callback: (...args: unknown[]) => unknown): Disposable;
    function executeCommand<T = unknown>(command: string, ...rest: unknown[]): Thenable<T>;
  }
}

interface Thenable<T> extends PromiseLike<T> {}
