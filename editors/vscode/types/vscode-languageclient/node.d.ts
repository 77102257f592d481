// The part of vscode-languageclient 9 ("vscode-languageclient/node") the extension uses,
// declared here because the npm registry is out of reach; package.sh compiles against the
// real package instead.
declare module "vscode-languageclient/node" {
  import { OutputChannel } from "vscode";

  export enum TransportKind {
    stdio = 0,
    ipc = 1,
    pipe = 2,
    socket = 3,
  }

  export interface Executable {
    command: string;
    args?: string[];
    transport?: TransportKind;
  }

  export type ServerOptions = Executable | { run: Executable; debug: Executable };

  export interface DocumentFilter {
    scheme?: string;
    language?: string;
    pattern?: string;
  }

  export interface LanguageClientOptions {
    documentSelector?: DocumentFilter[];
    outputChannel?: OutputChannel;
    traceOutputChannel?: OutputChannel;
  }

  export class LanguageClient {
    constructor(id: string, name: string, serverOptions: ServerOptions, clientOptions: LanguageClientOptions);
    start(): Promise<void>;
    stop(timeout?: number): Promise<void>;
    restart(): Promise<void>;
    sendRequest<R>(method: string, params?: unknown): Promise<R>;
  }
}
