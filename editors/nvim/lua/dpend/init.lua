-- dpend for Neovim: starts `dpend lsp` for Swift buffers with the built-in LSP client.
--
--   require("dpend").setup({ cmd = { "dpend", "lsp" } })
--
-- Neovim 0.11+ uses vim.lsp.config/vim.lsp.enable; 0.7–0.10 start the client with
-- vim.lsp.start_client and attach it to each Swift buffer of the same root.

local M = {}

M.defaults = {
  -- The server command; a path to the dpend binary and any extra arguments.
  cmd = { "dpend", "lsp" },
  filetypes = { "swift" },
  -- Files that mark a project: the outermost folder holding one (below the repository's
  -- `.git`) is the root, unless a nearer folder has a `.dpend.json`, which always wins.
  root_markers = { "Package.swift", "*.xcodeproj", "*.xcworkspace", "project.yml" },
  -- Extra fields passed to the LSP client configuration (on_attach, capabilities, …).
  client = {},
  -- Opens the page `:DpendGraph` made (a path): the system's browser by default.
  open = nil,
  -- Shows a line of the server's indexing progress ("dpend: indexing: 412 of 959 files
  -- read (42%)"): echoed in the message area by default; `false` shows nothing.
  progress = nil,
}

M.config = vim.deepcopy(M.defaults)

local function has(dir, marker)
  if marker:find("*", 1, true) then
    return vim.fn.glob(dir .. "/" .. marker) ~= ""
  end
  return vim.fn.filereadable(dir .. "/" .. marker) == 1 or vim.fn.isdirectory(dir .. "/" .. marker) == 1
end

--- The workspace root of `path` (SPEC 9): the nearest folder with a `.dpend.json`, else the
--- outermost folder with a project marker below the repository's `.git` (the repository's
--- folder when none has one), else the file's own folder, which is said with a message.
function M.root_dir(path)
  local dir = vim.fn.fnamemodify(path, ":p:h")
  local home = vim.fn.fnamemodify("~", ":p:h")
  local outermost = nil
  local current = dir
  while true do
    if has(current, ".dpend.json") then
      return current
    end
    for _, marker in ipairs(M.config.root_markers) do
      if has(current, marker) then
        outermost = current
      end
    end
    if has(current, ".git") then
      return outermost or current
    end
    local parent = vim.fn.fnamemodify(current, ":h")
    if parent == current or current == home then
      break
    end
    current = parent
  end
  if outermost then
    return outermost
  end
  vim.schedule(function()
    vim.notify("dpend: no project folder above " .. path .. "; analysing " .. dir .. " alone", vim.log.levels.WARN)
  end)
  return dir
end

-- Neovim 0.7–0.10 create a file only in a folder that exists: `workspace/applyEdit` (what
-- :DpendGenerate sends) first makes the folders its `create` operations need, then applies
-- the edit as Neovim does.
local function apply_edit(err, result, ctx, config)
  for _, change in ipairs(result and result.edit and result.edit.documentChanges or {}) do
    if change.kind == "create" then
      vim.fn.mkdir(vim.fn.fnamemodify(vim.uri_to_fname(change.uri), ":h"), "p")
    end
  end
  return vim.lsp.handlers["workspace/applyEdit"](err, result, ctx, config)
end

-- The server's `$/progress` as one line: the begin's title and file count, each report's
-- count and percentage, the end's summary.
local progress_titles = {}

function M.progress_text(token, value)
  if value.kind == "begin" then
    progress_titles[token] = value.title or "dpend"
    return value.title .. (value.message and (" " .. value.message) or "")
  end
  local title = progress_titles[token] or "dpend"
  if value.kind == "end" then
    progress_titles[token] = nil
    return "dpend: " .. (value.message or "done")
  end
  return title .. ": " .. (value.message or "") .. (value.percentage and (" (" .. value.percentage .. "%)") or "")
end

local function show_progress(text)
  if M.config.progress == false then
    return
  end
  if M.config.progress then
    return M.config.progress(text)
  end
  vim.api.nvim_echo({ { text } }, false, {})
end

-- Neovim 0.7–0.10 have no `LspProgress` event: the handler shows each step itself.
local function progress(err, result, ctx, config)
  local default = vim.lsp.handlers["$/progress"]
  local answer = default and default(err, result, ctx, config)
  if vim.fn.has("nvim-0.11") == 0 and result and type(result.value) == "table" then
    show_progress(M.progress_text(result.token, result.value))
  end
  return answer
end

M.handlers = { ["workspace/applyEdit"] = apply_edit, ["$/progress"] = progress }

-- A code lens's `dpend.showReferences`: its third argument's locations in the quickfix list.
local function show_references(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  local locations = (command.arguments or {})[3] or {}
  local items = vim.lsp.util.locations_to_items(locations, client and client.offset_encoding or "utf-16")
  vim.fn.setqflist({}, " ", { title = command.title, items = items })
  if #items > 0 then
    vim.cmd("copen")
  end
end

vim.lsp.commands["dpend.showReferences"] = show_references

local function client_config(root)
  local config = vim.tbl_deep_extend("force", {
    name = "dpend",
    cmd = M.config.cmd,
    root_dir = root,
    workspace_folders = root and { { uri = vim.uri_from_fname(root), name = root } } or nil,
    handlers = M.handlers,
  }, M.config.client)
  return config
end

-- Neovim 0.7–0.10: one client per root, attached to every Swift buffer under it.
local clients_by_root = {}

local function attach_legacy(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == "" then
    return
  end
  local root = M.root_dir(path)
  local id = clients_by_root[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client(client_config(root))
    clients_by_root[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
end

--- The dpend client attached to `bufnr` (the current buffer by default), or nil.
function M.client(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local get = vim.lsp.get_clients or vim.lsp.get_active_clients
  for _, client in ipairs(get({ bufnr = bufnr })) do
    if client.name == "dpend" then
      return client
    end
  end
  return nil
end

--- Runs a dpend command through `workspace/executeCommand` with the buffer's URI and
--- `extra` arguments; `on_result(err, result)`.
function M.execute(command, on_result, bufnr, extra)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local client = M.client(bufnr)
  if client == nil then
    vim.notify("dpend: no language server attached to this buffer", vim.log.levels.WARN)
    return
  end
  local arguments = { vim.uri_from_bufnr(bufnr) }
  for _, argument in ipairs(extra or {}) do
    table.insert(arguments, argument)
  end
  local params = { command = command, arguments = arguments }
  local handler = function(err, result)
    if on_result then
      on_result(err, result)
    elseif err then
      vim.notify("dpend: " .. (err.message or tostring(err)), vim.log.levels.ERROR)
    end
  end
  if vim.fn.has("nvim-0.11") == 1 then
    client:request("workspace/executeCommand", params, handler, bufnr)
  else
    client.request("workspace/executeCommand", params, handler, bufnr)
  end
end

--- :DpendGenerate — asks the server to apply the "Generate registrations" edit.
function M.generate()
  M.execute("dpend.generateRegistrations")
end

--- :DpendTree — shows the dependency tree in a scratch buffer.
function M.tree()
  M.execute("dpend.showTree", function(err, result)
    if err then
      vim.notify("dpend: " .. (err.message or tostring(err)), vim.log.levels.ERROR)
      return
    end
    vim.schedule(function()
      vim.cmd("botright new")
      local buf = vim.api.nvim_get_current_buf()
      vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.split(result or "", "\n", { trimempty = true }))
      vim.bo[buf].buftype = "nofile"
      vim.bo[buf].bufhidden = "wipe"
      vim.bo[buf].modifiable = false
      vim.api.nvim_buf_set_name(buf, "dpend://tree")
    end)
  end)
end

--- :DpendGraph [key] — the graph's web page (around `key` when given), opened with
--- `config.open` or the system's browser.
function M.graph(key)
  M.execute("dpend.showGraph", function(err, result)
    if err then
      vim.notify("dpend: " .. (err.message or tostring(err)), vim.log.levels.ERROR)
      return
    end
    local path = vim.uri_to_fname(result)
    vim.schedule(function()
      if M.config.open then
        M.config.open(path)
      elseif vim.ui.open then
        vim.ui.open(path)
      else
        vim.fn.jobstart({ "xdg-open", path }, { detach = true })
      end
    end)
  end, nil, key and key ~= "" and { key } or nil)
end

--- The ready mapping the README shows, for every Neovim version: pass it as
--- `client = { on_attach = require("dpend").on_attach }`, or call it from your own.
function M.on_attach(_, bufnr)
  local function map(keys, action)
    vim.keymap.set("n", keys, action, { buffer = bufnr })
  end
  map("K", vim.lsp.buf.hover)
  map("gd", vim.lsp.buf.definition)
  map("gr", vim.lsp.buf.references)
  map("<leader>ca", vim.lsp.buf.code_action)
  map("<leader>cl", vim.lsp.codelens.run)
  map("<leader>ds", vim.lsp.buf.document_symbol)
  map("<leader>ws", vim.lsp.buf.workspace_symbol)
  map("<leader>ci", vim.lsp.buf.incoming_calls)
  map("<leader>co", vim.lsp.buf.outgoing_calls)
  -- Lenses ("N resolves · needs M") are fetched when the buffer is entered, changed in
  -- normal mode (`dd`, undo) or left insert mode; the server asks a client that can be
  -- asked (`workspace/codeLens/refresh`) after changes in other files.
  vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "TextChanged" }, {
    buffer = bufnr,
    callback = function()
      vim.lsp.codelens.refresh()
    end,
  })
  if vim.lsp.inlay_hint and vim.lsp.inlay_hint.enable then
    pcall(vim.lsp.inlay_hint.enable, true, { bufnr = bufnr })
  end
end

--- Configures and enables dpend. Options override `M.defaults`.
function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), opts or {})
  vim.api.nvim_create_user_command("DpendGenerate", M.generate, { desc = "dpend: Generate registrations" })
  vim.api.nvim_create_user_command("DpendTree", M.tree, { desc = "dpend: Show dependency tree" })
  vim.api.nvim_create_user_command("DpendGraph", function(args)
    M.graph(args.args)
  end, { nargs = "?", desc = "dpend: Open the dependency graph (around a key)" })
  if vim.lsp.config and vim.lsp.enable then
    -- Neovim 0.11: indexing progress through its `LspProgress` event.
    vim.api.nvim_create_autocmd("LspProgress", {
      group = vim.api.nvim_create_augroup("dpend-progress", { clear = true }),
      callback = function(args)
        local client = vim.lsp.get_client_by_id(args.data.client_id)
        local params = args.data.params
        if client and client.name == "dpend" and params and type(params.value) == "table" then
          show_progress(M.progress_text(params.token, params.value))
        end
      end,
    })
    vim.lsp.config("dpend", vim.tbl_deep_extend("force", {
      cmd = M.config.cmd,
      filetypes = M.config.filetypes,
      root_dir = function(bufnr, on_dir)
        local path = vim.api.nvim_buf_get_name(bufnr)
        if path ~= "" then
          on_dir(M.root_dir(path))
        end
      end,
      handlers = M.handlers,
    }, M.config.client))
    vim.lsp.enable("dpend")
    return
  end
  local group = vim.api.nvim_create_augroup("dpend", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = M.config.filetypes,
    callback = function(args)
      attach_legacy(args.buf)
    end,
  })
end

return M
