// The language server.
