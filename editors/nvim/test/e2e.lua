-- End-to-end scenario for dpend in a real, headless Neovim (0.7 and 0.11).
--
--   DPEND_BIN=… DPEND_WORKSPACE=… DPEND_RESULT=… nvim --headless --clean -c "luafile e2e.lua"
--
-- (Not `-u e2e.lua`: filetype detection starts only after the init file has run.)
--
-- The workspace (Tests/EditorFixture, copied) has FeedImpl needing Clock (provided) and
-- Store (missing). Each step waits with its own timeout; the outcome of every step is
-- written to DPEND_RESULT as JSON lines and the exit code is 0 only if all passed.

local bin = assert(os.getenv("DPEND_BIN"), "DPEND_BIN")
local workspace = assert(os.getenv("DPEND_WORKSPACE"), "DPEND_WORKSPACE")
local result_path = assert(os.getenv("DPEND_RESULT"), "DPEND_RESULT")
local script_dir = debug.getinfo(1, "S").source:sub(2):match("(.*/)")
vim.opt.runtimepath:prepend(script_dir .. "..")

local results = {}
local failed = false

local function record(name, ok, detail)
  table.insert(results, vim.fn.json_encode({ step = name, ok = ok, detail = detail or "" }))
  if not ok then
    failed = true
  end
end

local function finish()
  vim.fn.writefile(results, result_path)
  vim.cmd(failed and "cquit 1" or "qall!")
end

-- Runs `body`; an error fails the step and ends the scenario (later steps need earlier ones).
local function step(name, body)
  local ok, detail = pcall(body)
  record(name, ok, ok and detail or tostring(detail))
  if not ok then
    finish()
  end
end

local function wait(ms, condition, what)
  if not vim.wait(ms, condition, 20) then
    error("timed out after " .. ms .. " ms waiting for " .. what)
  end
end

local function lsp_diagnostics(bufnr)
  return vim.tbl_filter(function(d)
    return d.source == "dpend"
  end, vim.diagnostic.get(bufnr))
end

local function request(bufnr, method, params)
  local responses = vim.lsp.buf_request_sync(bufnr, method, params, 5000)
  assert(responses, method .. " timed out")
  for _, response in pairs(responses) do
    assert(response.err == nil, method .. " failed: " .. vim.inspect(response.err))
    return response.result
  end
  error("no response to " .. method)
end

-- The README's ready mapping, as a user sets it up; the graph page is recorded, not opened.
local opened_graph
local progress_lines = {}
require("dpend").setup({
  cmd = { bin, "lsp", "--debounce", "10" },
  client = { on_attach = require("dpend").on_attach },
  open = function(path)
    opened_graph = path
  end,
  progress = function(text)
    table.insert(progress_lines, text)
  end,
})

-- Types keys as a user does (`<leader>` is `\` in a clean Neovim).
local function keys(typed)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(typed, true, false, true), "x", false)
end

-- What a list request showed: Neovim 0.11 puts symbols in the location list, 0.7 in the
-- quickfix list.
local function listed()
  local items = vim.fn.getloclist(0)
  return #items > 0 and items or vim.fn.getqflist()
end

-- Closes the quickfix and location lists and shows the scenario's buffer again.
local function back_to(bufnr)
  vim.cmd("cclose")
  vim.cmd("lclose")
  vim.api.nvim_set_current_buf(bufnr)
end

local feed = workspace .. "/Sources/Feed.swift"
local clock = workspace .. "/Sources/Clock.swift"
vim.cmd("edit " .. vim.fn.fnameescape(feed))
local bufnr = vim.api.nvim_get_current_buf()
local uri = vim.uri_from_bufnr(bufnr)

step("client attaches", function()
  wait(10000, function()
    return require("dpend").client(bufnr) ~= nil
  end, "the dpend client")
  return vim.bo[bufnr].filetype
end)

step("missing dependency diagnostic", function()
  wait(10000, function()
    return #lsp_diagnostics(bufnr) == 1
  end, "one dpend diagnostic")
  local d = lsp_diagnostics(bufnr)[1]
  assert(d.lnum == 2 and d.col == 28, "at " .. d.lnum .. ":" .. d.col)
  local expected = "missing dependency: nothing provides 'Store', needed by 'FeedImpl.init(clock:store:)'"
  assert(d.message == expected, d.message)
  assert(d.severity == vim.diagnostic.severity.ERROR, "severity " .. tostring(d.severity))
  return ("%d:%d %s"):format(d.lnum, d.col, d.message)
end)

step("indexing shows its progress", function()
  wait(10000, function()
    return #progress_lines > 0 and progress_lines[#progress_lines]:match("^dpend: indexed ") ~= nil
  end, "the end of indexing")
  local first, before, last = progress_lines[1], progress_lines[#progress_lines - 1], progress_lines[#progress_lines]
  assert(first == "dpend: indexing 3 files", vim.inspect(progress_lines))
  assert(before == "dpend: indexing: 3 of 3 files read (100%)", vim.inspect(progress_lines))
  assert(last:match("^dpend: indexed 3 files in %d+ ms$"), vim.inspect(progress_lines))
  return table.concat(progress_lines, " / ")
end)

-- Another file's edit reaches this buffer while both are shown (0.11 pulls: it is pushed to).
step("an edit in another buffer shows here and undo clears it", function()
  vim.cmd("split " .. vim.fn.fnameescape(clock))
  local clock_buf = vim.api.nvim_get_current_buf()
  wait(5000, function()
    return require("dpend").client(clock_buf) ~= nil
  end, "the client on Clock.swift")
  vim.cmd("normal! 2Gdd")
  assert(vim.api.nvim_buf_get_lines(clock_buf, 0, -1, false)[2] == nil, "ClockImpl not deleted")
  wait(3000, function()
    return #lsp_diagnostics(bufnr) == 2
  end, "Feed.swift's error about Clock")
  local shown = vim.tbl_map(function(d)
    return ("%d:%d %s"):format(d.lnum, d.col, d.message)
  end, lsp_diagnostics(bufnr))
  table.sort(shown)
  local expected = {
    "2:14 missing dependency: nothing provides 'Clock', needed by 'FeedImpl.init(clock:store:)'",
    "2:28 missing dependency: nothing provides 'Store', needed by 'FeedImpl.init(clock:store:)'",
  }
  assert(vim.deep_equal(shown, expected), vim.inspect(shown))
  vim.cmd("undo")
  wait(3000, function()
    return #lsp_diagnostics(bufnr) == 1
  end, "undo to clear Feed.swift's error about Clock")
  assert(lsp_diagnostics(bufnr)[1].col == 28, vim.inspect(lsp_diagnostics(bufnr)))
  vim.cmd("close")
  vim.api.nvim_set_current_buf(bufnr)
  return table.concat(shown, " / ")
end)

step("hover shows the provider", function()
  local hover = request(bufnr, "textDocument/hover", { textDocument = { uri = uri }, position = { line = 2, character = 16 } })
  local value = hover and hover.contents and hover.contents.value
  assert(value == "`Clock` is provided by `ClockImpl.init()` (scope: `unique`)", vim.inspect(hover))
  return value
end)

step("definition lands on the provider", function()
  local locations = request(bufnr, "textDocument/definition", { textDocument = { uri = uri }, position = { line = 2, character = 16 } })
  local location = locations[1] or locations
  assert(vim.uri_to_fname(location.uri) == clock, vim.inspect(location))
  assert(location.range.start.line == 1 and location.range.start.character == 12, vim.inspect(location.range))
  return vim.inspect(location.range.start)
end)

step("an edit fixing it clears the diagnostic", function()
  local last = vim.api.nvim_buf_line_count(bufnr)
  vim.api.nvim_buf_set_lines(bufnr, last, last, false, { "final class StoreImpl: Store {}" })
  wait(10000, function()
    return #lsp_diagnostics(bufnr) == 0
  end, "the diagnostic to clear")
  return "cleared"
end)

step("generate registrations is offered", function()
  local actions = request(bufnr, "textDocument/codeAction", {
    textDocument = { uri = uri },
    range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } },
    context = { diagnostics = {}, only = { "source" } },
  })
  local generate
  for _, action in ipairs(actions or {}) do
    if action.title == "Generate registrations" then
      generate = action
    end
  end
  assert(generate, "not offered: " .. vim.inspect(actions))
  assert(generate.edit, "disabled: " .. vim.inspect(generate.disabled))
  local create = generate.edit.documentChanges and generate.edit.documentChanges[1]
  assert(create and create.kind == "create", "no file created: " .. vim.inspect(generate.edit))
  return generate.title
end)

step(":DpendGenerate creates the registrations file", function()
  -- First use: the output file does not exist yet.
  local output = workspace .. "/Generated/Dependencies.swift"
  assert(vim.fn.filereadable(output) == 0, output .. " exists before generation")
  vim.cmd("DpendGenerate")
  wait(10000, function()
    local generated = vim.fn.bufnr(output)
    return generated ~= -1 and vim.api.nvim_buf_line_count(generated) > 1
  end, "the generated file's buffer")
  vim.cmd("silent wall")
  assert(vim.fn.filereadable(output) == 1, output .. " not written")
  return "created"
end)

step(":DpendTree shows the graph", function()
  vim.cmd("DpendTree")
  local tree
  wait(5000, function()
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_get_name(buf):match("dpend://tree$") then
        tree = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
        return true
      end
    end
    return false
  end, "the tree window")
  local expected = {
    "Feed ← FeedImpl.init(clock:store:)",
    "├── Clock ← ClockImpl.init()",
    "└── Store ← StoreImpl.init()",
  }
  assert(vim.deep_equal(tree, expected), vim.inspect(tree))
  vim.cmd("wincmd p")
  return table.concat(tree, " / ")
end)

-- The buffer now holds `StoreImpl` on line 5: `FeedImpl.init` needs it (line 3).
-- Each lens as "line:title", sorted.
local function lens_lines()
  local shown = {}
  for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
    table.insert(shown, (lens.range.start.line + 1) .. ":" .. (lens.command and lens.command.title or "?"))
  end
  table.sort(shown)
  return shown
end

local function wait_for_lenses(expected, what)
  local ok = vim.wait(5000, function()
    return vim.deep_equal(lens_lines(), expected)
  end, 20)
  assert(ok, what .. ": " .. vim.inspect(lens_lines()))
end

-- No manual refresh: the plugin fetches lenses after each change (`TextChanged`).
step("lenses follow dd and undo", function()
  vim.api.nvim_win_set_cursor(0, { 5, 0 })
  wait_for_lenses({ "3:0 resolves · needs 2", "5:1 resolve · needs nothing" }, "lenses after the fix")
  assert(vim.api.nvim_get_current_buf() == bufnr, "not in Feed.swift")
  -- A script never returns to the main loop, where Neovim fires `TextChanged` after a
  -- normal-mode change: it is fired as Neovim would.
  keys("dd")
  vim.cmd("doautocmd <nomodeline> TextChanged")
  wait_for_lenses({ "3:0 resolves · needs 2", "3:not registered" }, "lenses after dd")
  keys("u")
  vim.cmd("doautocmd <nomodeline> TextChanged")
  wait_for_lenses({ "3:0 resolves · needs 2", "5:1 resolve · needs nothing" }, "lenses after undo")
  return table.concat(lens_lines(), " / ")
end)

step("code lenses count resolves and run with keys", function()
  vim.lsp.codelens.refresh()
  wait(10000, function()
    return #vim.lsp.codelens.get(bufnr) == 2
  end, "two code lenses")
  local titles = {}
  for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
    titles[lens.range.start.line + 1] = lens.command and lens.command.title
  end
  assert(titles[3] == "0 resolves · needs 2" and titles[5] == "1 resolve · needs nothing", vim.inspect(titles))
  vim.api.nvim_win_set_cursor(0, { 5, 14 })
  keys("<leader>cl")
  wait(5000, function()
    return #vim.fn.getqflist() == 1
  end, "the lens's resolves in the quickfix list")
  local item = vim.fn.getqflist()[1]
  assert(vim.api.nvim_buf_get_name(item.bufnr) == feed and item.lnum == 3 and item.col == 29, vim.inspect(item))
  back_to(bufnr)
  return titles[3] .. " / " .. titles[5]
end)

step("document symbols outline the providers", function()
  vim.fn.setqflist({}, "r", { items = {} })
  keys("<leader>ds")
  wait(5000, function()
    return #listed() > 0
  end, "symbols in a list")
  local texts = vim.tbl_map(function(item)
    return item.text
  end, listed())
  assert(#texts == 2 and texts[1]:match("Feed$") and texts[2]:match("Store$"), vim.inspect(texts))
  back_to(bufnr)
  return table.concat(texts, " / ")
end)

step("incoming calls list who needs a provider", function()
  vim.fn.setqflist({}, "r", { items = {} })
  vim.api.nvim_win_set_cursor(0, { 5, 14 })
  keys("<leader>ci")
  wait(5000, function()
    return #vim.fn.getqflist() == 1 and vim.fn.getqflist()[1].text:match("Feed") ~= nil
  end, "FeedImpl in the quickfix list")
  local item = vim.fn.getqflist()[1]
  assert(item.lnum == 3 and item.col == 29, vim.inspect(item))
  back_to(bufnr)
  return item.text
end)

step(":DpendGraph opens the graph's page", function()
  vim.cmd("DpendGraph Store")
  wait(10000, function()
    return opened_graph ~= nil
  end, "the page to open")
  local page = table.concat(vim.fn.readfile(opened_graph), "\n")
  assert(page:find("<title>dpend graph: .*, around Store</title>") and page:find("<svg"), opened_graph)
  return vim.fn.fnamemodify(opened_graph, ":t")
end)

step("server exits with the editor", function()
  local client = require("dpend").client(bufnr)
  local modern = vim.fn.has("nvim-0.11") == 1
  if modern then client:stop() else client.stop() end
  wait(5000, function()
    if modern then return client:is_stopped() end
    return client.is_stopped()
  end, "the client to stop")
  return "stopped"
end)

finish()
