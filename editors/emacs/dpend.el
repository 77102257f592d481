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
;; `dpend-modes', and makes the workspace root (`dpend-root': the nearest
;; `.dpend.json', else the outermost project folder, `project.yml' among its
;; markers) the project Eglot starts the server in (only for Eglot: other
;; `project.el' commands keep their own project).  See README.md beside this file.

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

(defcustom dpend-root-markers '("Package.swift" "*.xcodeproj" "*.xcworkspace" "project.yml")
  "Files that mark a project folder (shell wildcards allowed)."
  :type '(repeat string))

(defun dpend--has-marker (directory)
  "Non-nil when DIRECTORY holds one of `dpend-root-markers'."
  (cl-some (lambda (marker) (file-expand-wildcards (expand-file-name marker directory)))
           dpend-root-markers))

(defun dpend-root (directory)
  "The workspace root of DIRECTORY, as dpend's other clients find it.
The nearest folder with a `.dpend.json'; else the outermost folder with
one of `dpend-root-markers', looking no higher than the repository (the
first folder with `.git') and never at the home folder or above; else the
repository's folder; else nil."
  (let ((dpend (locate-dominating-file directory ".dpend.json")))
    (if dpend
        (expand-file-name dpend)
      (let ((current (file-name-as-directory (expand-file-name directory)))
            (home (file-name-as-directory (expand-file-name "~")))
            (outermost nil)
            (done nil))
        (while (not done)
          (when (dpend--has-marker current) (setq outermost current))
          (let ((parent (file-name-directory (directory-file-name current))))
            (cond ((file-exists-p (expand-file-name ".git" current))
                   (setq outermost (or outermost current) done t))
                  ((or (string= parent current) (string= parent home) (string= current home))
                   (setq done t))
                  (t (setq current parent)))))
        outermost))))

(defun dpend-project (directory)
  "The project of DIRECTORY for Eglot: its `dpend-root'.
Nil outside Eglot (`eglot-lsp-context' unbound or nil) or when DIRECTORY
has no root, leaving the project to the next function of
`project-find-functions'."
  (when-let* (((bound-and-true-p eglot-lsp-context))
              (root (dpend-root directory)))
    (cons 'transient root)))

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
