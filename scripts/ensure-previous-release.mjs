#!/usr/bin/env node
// The previous release (N-1), built from its commit beside this checkout, once: a git worktree of
// the newest commit in releases.json at .kassa/previous/<version>, its dependencies, `tsc -b`. The
// upgrade test runs its processes beside this checkout's. Idempotent: a worktree already built at
// that commit against this lock file (its .kassa-built stamp) is reused. Prints the worktree's path.
//
// Dependencies: when every package the release's lock file names is installed here at the same
// version (a release or two apart, the usual case), its node_modules links to this checkout's
// (its own workspace packages linked to its own folders), which takes a second; otherwise
// `npm ci --prefer-offline` in the worktree, which takes a minute.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { releases } = JSON.parse(readFileSync(join(root, 'releases.json'), 'utf8'));
const previous = releases[0];
const tree = join(root, '.kassa', 'previous', previous.version);
const stamp = join(tree, '.kassa-built');
const run = (cmd, args, cwd = root) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

// What the build was made of: the commit, and the checkout's lock file its dependencies may be linked to.
const made = `${previous.commit} ${createHash('sha256')
  .update(readFileSync(join(root, 'package-lock.json')))
  .digest('hex')}`;
if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === made) {
  process.stdout.write(`${tree}\n`);
  process.exit(0);
}

// A worktree left half made (a killed run) or of another commit goes first.
run('git', ['worktree', 'prune']);
if (existsSync(tree)) {
  try {
    run('git', ['worktree', 'remove', '--force', tree]);
  } catch {
    rmSync(tree, { recursive: true, force: true });
    run('git', ['worktree', 'prune']);
  }
}
mkdirSync(dirname(tree), { recursive: true });
// A shallow clone (a CI's) may not hold the commit: it is fetched.
try {
  run('git', ['cat-file', '-e', `${previous.commit}^{commit}`]);
} catch {
  run('git', ['fetch', '--depth=1', 'origin', previous.commit]);
}
run('git', ['worktree', 'add', '--detach', '--force', tree, previous.commit]);

const lockOf = (dir) => JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')).packages;
const theirs = lockOf(tree);
const ours = lockOf(root);
/** A workspace package's folder, by its name (the lock file's links): the release's may differ from ours (packages moved). */
const foldersOf = (lock) =>
  new Map(
    Object.entries(lock)
      .filter(([, entry]) => entry.link)
      .map(([path, entry]) => [path.slice('node_modules/'.length), entry.resolved]),
  );
const ourFolders = foldersOf(ours);
/** Their folder -> ours, for the packages both have. */
const ourFolder = new Map([...foldersOf(theirs)].filter(([name]) => ourFolders.has(name)).map(([name, folder]) => [folder, ourFolders.get(name)]));
/** A lock path of theirs as ours spells it: a package nested in a workspace package's node_modules follows the package. */
const oursFor = (path) => {
  const at = path.indexOf('/node_modules/');
  return at > 0 && ourFolder.has(path.slice(0, at)) ? ourFolder.get(path.slice(0, at)) + path.slice(at) : path;
};
/** Every third-party package, at the root or nested in a workspace package, at the same version here (the workspace's own are its folders). */
const sameThirdParty = Object.entries(theirs).every(([path, entry]) => !path.includes('node_modules/') || entry.link || ours[oursFor(path)]?.version === entry.version);

if (sameThirdParty) {
  // node_modules: a link to each of ours, but the workspace's own packages link to the worktree's folders.
  const modules = join(tree, 'node_modules');
  mkdirSync(modules, { recursive: true });
  const own = new Map(
    Object.entries(theirs)
      .filter(([, entry]) => entry.link)
      .map(([path, entry]) => [path.slice('node_modules/'.length), entry.resolved]),
  );
  const link = (target, path) => symlinkSync(relative(dirname(path), target), path);
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name.startsWith('@')) {
      mkdirSync(join(modules, name), { recursive: true });
      for (const scoped of readdirSync(join(root, 'node_modules', name))) {
        const full = `${name}/${scoped}`;
        if (own.has(full)) continue;
        link(join(root, 'node_modules', full), join(modules, full));
      }
    } else link(join(root, 'node_modules', name), join(modules, name));
  }
  for (const [name, folder] of own) link(join(tree, folder), join(modules, name));
  // A workspace package's own nested dependencies (another version than the root's), as installed here.
  for (const [folder, mine] of ourFolder) {
    const nested = join(root, mine, 'node_modules');
    if (existsSync(nested) && !existsSync(join(tree, folder, 'node_modules'))) link(nested, join(tree, folder, 'node_modules'));
  }
} else {
  run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], tree);
}
run(join(tree, 'node_modules', '.bin', 'tsc'), ['-b'], tree);
if (!lstatSync(join(tree, 'packages', 'app', 'dist', 'main.js')).isFile()) throw new Error(`${previous.version}: no packages/app/dist/main.js after the build`);
writeFileSync(stamp, `${made}\n`);
process.stdout.write(`${tree}\n`);
