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
  -- Files that mark a workspace root, nearest first.
  root_markers = { ".dpend.json", "Package.swift", ".git" },
  -- Extra fields passed to the LSP client configuration (on_attach, capabilities, …).
  client = {},
}

M.config = vim.deepcopy(M.defaults)

--- The nearest directory above `path` holding one of the root markers (or the file's directory).
function M.root_dir(path)
  local dir = vim.fn.fnamemodify(path, ":p:h")
  for _, marker in ipairs(M.config.root_markers) do
    local found = vim.fn.findfile(marker, dir .. ";")
    if found == "" then
      found = vim.fn.finddir(marker, dir .. ";")
    end
    if found ~= "" then
      return (vim.fn.fnamemodify(found, ":p:h"):gsub("/%.git$", ""))
    end
  end
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

M.handlers = { ["workspace/applyEdit"] = apply_edit }

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

--- Runs a dpend command through `workspace/executeCommand`; `on_result(err, result)`.
function M.execute(command, on_result, bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local client = M.client(bufnr)
  if client == nil then
    vim.notify("dpend: no language server attached to this buffer", vim.log.levels.WARN)
    return
  end
  local params = { command = command, arguments = { vim.uri_from_bufnr(bufnr) } }
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

--- Configures and enables dpend. Options override `M.defaults`.
function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), opts or {})
  vim.api.nvim_create_user_command("DpendGenerate", M.generate, { desc = "dpend: Generate registrations" })
  vim.api.nvim_create_user_command("DpendTree", M.tree, { desc = "dpend: Show dependency tree" })
  if vim.lsp.config and vim.lsp.enable then
    vim.lsp.config("dpend", vim.tbl_deep_extend("force", {
      cmd = M.config.cmd,
      filetypes = M.config.filetypes,
      root_markers = M.config.root_markers,
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
