;;; e2e.el --- dpend in a real Emacs with Eglot, end to end  -*- lexical-binding: t; -*-

;;   DPEND_BIN=… DPEND_WORKSPACE=… DPEND_RESULT=… emacs --batch -Q -l e2e.el
;;
;; The workspace (Tests/EditorFixture, copied) has FeedImpl needing Clock (provided) and
;; Store (missing).  The scenario sets Eglot up through ../dpend.el as the README does, then
;; works in the buffers as a user would; each step waits with its own timeout.  Batch mode
;; runs process filters and timers while `accept-process-output' waits, but has no command
;; loop and is never idle: the script runs `post-command-hook' where the loop would after a
;; command, and while it waits it runs the idle timers (Eglot sends an edit from one) as an
;; Emacs waiting for keys would.
;; The outcome of every step is written to DPEND_RESULT as JSON lines and Emacs exits with 0
;; only if all passed.

;;; Code:

(require 'package)
;; `-Q' leaves out the site's package folders: Debian's `elpa-eglot' is in this one.  A
;; built-in Eglot (Emacs 29 and later) needs none.
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
(package-initialize)
(require 'cl-lib)
(require 'json)
(require 'eglot)

(defconst e2e-bin (or (getenv "DPEND_BIN") (error "DPEND_BIN")))
(defconst e2e-workspace
  (file-name-as-directory (or (getenv "DPEND_WORKSPACE") (error "DPEND_WORKSPACE"))))
(defconst e2e-result (or (getenv "DPEND_RESULT") (error "DPEND_RESULT")))
(defconst e2e-directory (file-name-directory (or load-file-name buffer-file-name)))

(defvar e2e-results nil "The JSON lines written so far, last first.")
(defvar e2e-failed nil)

(defun e2e-record (name ok detail)
  (push (json-encode `((step . ,name) (ok . ,(if ok t :json-false)) (detail . ,(or detail ""))))
        e2e-results)
  (unless ok (setq e2e-failed t)))

(defun e2e-finish ()
  (with-temp-file e2e-result
    (dolist (line (reverse e2e-results)) (insert line "\n")))
  (kill-emacs (if e2e-failed 1 0)))

(defmacro e2e-step (name &rest body)
  "Runs BODY as the step NAME: its value is the detail.
An error fails the step and ends the scenario (later steps need
earlier ones)."
  (declare (indent 1))
  `(condition-case err
       (e2e-record ,name t (format "%s" (progn ,@body)))
     (error (e2e-record ,name nil (error-message-string err))
            (e2e-finish))))

(defun e2e-check (ok format-string &rest arguments)
  (unless ok (signal 'error (list (apply #'format format-string arguments)))))

(defun e2e-run-idle-timers (since ran)
  "Runs the idle timers an Emacs idle since SINCE would have run by now.
SINCE is a `float-time'.  Each timer runs once, but those in the
list RAN do not; returns RAN with the timers run added."
  (let ((idle (- (float-time) since)))
    (dolist (timer (copy-sequence timer-idle-list) ran)
      (when (and (not (memq timer ran)) (>= idle (float-time (timer--time timer))))
        (push timer ran)
        (timer-event-handler timer)))))

(defun e2e-wait (seconds condition what)
  "Waits up to SECONDS until CONDITION returns non-nil, and returns that.
Meanwhile process filters and timers run, idle ones too: the user
is idle from now on.  WHAT names the wait in the error at the end."
  (let ((since (float-time)) (deadline (+ (float-time) seconds)) ran value)
    (while (and (not (setq value (funcall condition))) (< (float-time) deadline))
      (accept-process-output nil 0.02)
      (setq ran (e2e-run-idle-timers since ran)))
    (or value (error "timed out after %s s waiting for %s" seconds what))))

;; No major mode for Swift comes with Emacs: when none is installed (MELPA's `swift-mode'),
;; a bare one of that name stands in.
(unless (fboundp 'swift-mode)
  (define-derived-mode swift-mode prog-mode "Swift")
  (add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode)))

;; The README's set-up, the program given by its path.
(add-to-list 'load-path (expand-file-name ".." e2e-directory))
(require 'dpend)
(setq dpend-command (list e2e-bin "lsp" "--debounce" "10"))
(dpend-eglot-setup)
(add-hook 'swift-mode-hook #'eglot-ensure)

;; Eglot's `y-or-n-p' questions, answered yes and kept.
(defvar e2e-questions nil)
(advice-add 'y-or-n-p :override (lambda (prompt) (push prompt e2e-questions) t))

(defun e2e-visit (path)
  "Visits PATH as `C-x C-f' does, and returns its buffer.
The command loop's `post-command-hook' is run too: there
`eglot-ensure' connects."
  (find-file path)
  (run-hooks 'post-command-hook)
  (current-buffer))

(defun e2e-dpend-diagnostics ()
  "The current buffer's Flymake diagnostics from dpend, in buffer order."
  (sort (cl-remove-if-not (lambda (d) (string-prefix-p "dpend" (flymake-diagnostic-text d)))
                          (flymake-diagnostics))
        (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b)))))

(defun e2e-line-column (position)
  "POSITION as LINE:COLUMN, both from 1."
  (save-excursion
    (goto-char position)
    (format "%d:%d" (line-number-at-pos) (1+ (current-column)))))

(defun e2e-goto (line column)
  "Puts point on LINE at COLUMN, both from 1."
  (goto-char (point-min))
  (forward-line (1- line))
  (move-to-column (1- column)))

(defconst e2e-feed (expand-file-name "Sources/Feed.swift" e2e-workspace))
(defconst e2e-clock (expand-file-name "Sources/Clock.swift" e2e-workspace))
(defconst e2e-output (expand-file-name "Generated/Dependencies.swift" e2e-workspace))
(defvar e2e-buffer nil)
(defvar e2e-server nil)

(e2e-step "client attaches"
  (setq e2e-buffer (e2e-visit e2e-feed))
  (setq e2e-server (e2e-wait 10 (lambda () (with-current-buffer e2e-buffer
                                             (and (eglot-managed-p) (eglot-current-server))))
                             "Eglot to manage the buffer"))
  ;; dpend.el's server, in the folder of `.dpend.json' (not Sources/, the file's own).
  (let ((command (process-command (jsonrpc--process e2e-server)))
        (root (project-root (eglot--project e2e-server))))
    (e2e-check (equal command dpend-command) "started %S" command)
    (e2e-check (equal (expand-file-name root) e2e-workspace) "project root %s" root)
    (format "%s in %s" major-mode root)))

(e2e-step "missing dependency diagnostic"
  (e2e-wait 10 (lambda () (= (length (e2e-dpend-diagnostics)) 1)) "one dpend diagnostic")
  (let* ((d (car (e2e-dpend-diagnostics)))
         (text (flymake-diagnostic-text d))
         ;; Eglot puts the source and the code before the server's message.
         (expected (concat "dpend [missing-dependency]: missing dependency: "
                           "nothing provides 'Store', needed by 'FeedImpl.init(clock:store:)'"))
         (span (concat (e2e-line-column (flymake-diagnostic-beg d)) "-"
                       (e2e-line-column (flymake-diagnostic-end d)))))
    (e2e-check (equal text expected) "message %S" text)
    (e2e-check (equal span "3:29-3:34") "at %s" span)
    (e2e-check (eq (flymake-diagnostic-type d) 'eglot-error) "type %s" (flymake-diagnostic-type d))
    (format "%s %s" span text)))

(e2e-step "hover shows the provider"
  ;; `M-x eldoc' on `Clock' of `clock: Clock': what ElDoc shows when point rests there.
  (e2e-goto 3 17)
  (let (shown)
    (add-hook 'eldoc-display-functions (lambda (docs _interactive) (setq shown docs)) nil t)
    (eldoc-print-current-symbol-info t)
    (e2e-wait 5 (lambda () shown) "eldoc to show the hover")
    (let ((texts (mapcar #'car shown))
          ;; Plain text: Eglot asks for Markdown only when `markdown-mode' is installed.
          (expected "Clock is provided by ClockImpl.init() (scope: unique)"))
      (e2e-check (equal texts (list expected)) "shown %S" texts)
      (car texts))))

(e2e-step "definition lands on the provider"
  ;; `M-.' on `Clock'.
  (e2e-goto 3 17)
  (call-interactively #'xref-find-definitions)
  (let ((file (buffer-file-name)) (at (e2e-line-column (point))))
    (e2e-check (equal file e2e-clock) "in %s" file)
    (e2e-check (equal at "2:13") "at %s" at)
    (prog1 (format "%s:%s" (file-name-nondirectory file) at)
      (switch-to-buffer e2e-buffer))))

(e2e-step "an edit fixing it clears the diagnostic"
  (goto-char (point-max))
  (insert "final class StoreImpl: Store {}\n")
  (e2e-wait 10 (lambda () (null (e2e-dpend-diagnostics))) "the diagnostic to clear")
  "cleared")

(e2e-step "generate registrations is applied"
  (make-directory (file-name-directory e2e-output) t)
  (let ((output (e2e-visit e2e-output)) offered)
    (switch-to-buffer e2e-buffer)
    (cl-letf (((symbol-function 'completing-read)
               (lambda (_prompt collection &rest _)
                 (setq offered (mapcar #'car collection))
                 "Generate registrations")))
      (goto-char (point-min))
      ;; `M-x eglot-code-actions RET' from the keyboard (a mouse event would pop up a menu).
      (let ((last-nonmenu-event ?\r))
        (call-interactively #'eglot-code-actions)))
    (e2e-check (equal offered '("Generate registrations")) "offered %S" offered)
    (e2e-check (null e2e-questions) "asked %S" e2e-questions)
    (with-current-buffer output
      ;; The whole text is compared with `dpend generate''s by the Swift test.
      (e2e-check (string-prefix-p "// Generated by dpend" (buffer-string))
                 "wrote %S" (buffer-string))
      (save-buffer)
      (format "%d lines" (count-lines (point-min) (point-max))))))

(e2e-step "server exits with the editor"
  ;; `M-x eglot-shutdown': `shutdown' (an error if unanswered), then `exit'.  Emacs 28's
  ;; jsonrpc deletes the process (SIGKILL) as soon as `exit' is sent, which would say
  ;; nothing about the server: the scenario first waits for it to exit on its own.
  (let* ((process (jsonrpc--process e2e-server))
         (on-its-own (lambda (&rest _)
                       (e2e-wait 5 (lambda () (not (process-live-p process)))
                                 "the server to exit after `exit'"))))
    (advice-add 'jsonrpc-shutdown :before on-its-own)
    (unwind-protect (eglot-shutdown e2e-server)
      (advice-remove 'jsonrpc-shutdown on-its-own))
    (let ((how (format "%s %s" (process-status process) (process-exit-status process))))
      (e2e-check (equal how "exit 0") "ended: %s" how)
      how)))

(e2e-finish)

;;; e2e.el ends here
