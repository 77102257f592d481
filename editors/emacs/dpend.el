;;; dpend.el --- dpend's language server in Eglot  -*- lexical-binding: t; -*-

;; Package-Requires: ((emacs "28.1") (eglot "1.9"))

;;; Commentary:

;; Starts `dpend lsp' with Eglot for Swift buffers:
;;
;;   (add-to-list 'load-path "/path/to/dpend/editors/emacs")
;;   (require 'dpend)
;;   (dpend-eglot-setup)
;;   (add-hook 'swift-mode-hook #'eglot-ensure)
;;
;; `dpend-eglot-setup' puts `dpend-command' in `eglot-server-programs' for
;; `dpend-modes', and makes the nearest folder with a `.dpend.json' the
;; project Eglot starts the server in (only for Eglot: other `project.el'
;; commands keep their own project).  See README.md beside this file.

;;; Code:

(require 'cl-lib)
(require 'eglot)
(require 'project)

(defgroup dpend nil
  "dpend's language server in Eglot."
  :group 'eglot)

(defcustom dpend-command '("dpend" "lsp")
  "The server's command: the dpend program and its arguments."
  :type '(repeat string))

(defcustom dpend-modes '(swift-mode)
  "The major modes whose buffers dpend's server manages."
  :type '(repeat symbol))

(defun dpend-project (directory)
  "The project of DIRECTORY for Eglot: the nearest folder with a `.dpend.json'.
Nil outside Eglot (`eglot-lsp-context' unbound or nil) or when no
folder above DIRECTORY has one, leaving the project to the next
function of `project-find-functions'."
  (when-let* (((bound-and-true-p eglot-lsp-context))
              (root (locate-dominating-file directory ".dpend.json")))
    (cons 'transient (expand-file-name root))))

(defun dpend--contact (&optional _interactive)
  "The server's command for `eglot-server-programs': `dpend-command' now."
  dpend-command)

;;;###autoload
(defun dpend-eglot-setup ()
  "Use dpend's server for `dpend-modes' in Eglot.
Adds the entry to `eglot-server-programs' (first, so it wins over
another server for the same modes) and `dpend-project' to
`project-find-functions'."
  (setq eglot-server-programs
        (cons (cons dpend-modes #'dpend--contact)
              (cl-remove #'dpend--contact eglot-server-programs :key #'cdr)))
  (add-hook 'project-find-functions #'dpend-project))

(provide 'dpend)

;;; dpend.el ends here
