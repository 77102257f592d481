protocol Store {}
