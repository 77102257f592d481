// The part of the VS Code API (module "vscode", as in @types/vscode 1.82.0, the oldest VS Code
// that vscode-languageclient 9 runs in) that the extension uses, declared here because the npm
// registry is out of reach; package.sh compiles against the real package instead.
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

  export class Uri {
    static parse(value: string): Uri;
    toString(): string;
  }

  export class Position {
    constructor(line: number, character: number);
    readonly line: number;
    readonly character: number;
  }

  export class Range {
    constructor(start: Position, end: Position);
    readonly start: Position;
    readonly end: Position;
  }

  export class Location {
    constructor(uri: Uri, range: Range);
    readonly uri: Uri;
    readonly range: Range;
  }

  export interface InputBoxOptions {
    prompt?: string;
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
    function showInputBox(options?: InputBoxOptions): Thenable<string | undefined>;
  }

  export namespace env {
    function openExternal(target: Uri): Thenable<boolean>;
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
