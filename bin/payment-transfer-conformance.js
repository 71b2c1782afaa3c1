#!/usr/bin/env -S node --
// `--`: Node 20 reads an `--env-file` anywhere on its command line, and exits on a missing file before this
// script could say so; after `--` every argument is the script's.
// The command of the installed package (package.json "bin"): the suite is TypeScript, run through tsx's loader,
// registered in this process so that no second process starts; scripts/cli.ts reads the subcommand.
import { register } from 'tsx/esm/api';

register();
await import('../scripts/cli.ts');
