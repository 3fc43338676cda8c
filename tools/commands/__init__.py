"""One module per ``cardscript`` subcommand, discovered by :mod:`cardscript.tools.cli`.

A command module defines ``HELP`` (one line), ``add_arguments(parser)`` and ``run(args) ->
int`` (the exit code); adding a command is adding a module here."""
