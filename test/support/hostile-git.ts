/**
 * A repository built to make git run programs: every config key git's documentation names that
 * executes something (signature verification, fsmonitor, hooks under core.hooksPath and in
 * .git/hooks, diff and merge drivers, filters with a .gitattributes that selects them, pagers,
 * editors, ssh, credential helpers, askpass, alternateRefsCommand, upload-pack hooks, aliases, a
 * promisor remote whose transport is a program, auto-gc and maintenance, config-defined hooks),
 * set directly, through include.path / includeIf, or in the global config a hostile $HOME holds.
 * Its stash holds commits signed as PGP, SSH and X.509, plus an entry whose commit is missing (so a
 * partial clone would fetch it); its index marks a.txt assume-unchanged and .gitattributes
 * skip-worktree, so git itself would not look at them.
 *
 * Every program is one script, linked under the key's name: run, it appends its name to a marker
 * file and leaves a `sleep <token>` behind, so a test can assert that nothing ran and nothing
 * survived. The builder is a shell script, so a child's bash can build the same repository.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./temp.ts";
import { processesWith, sleepToken } from "./tokens.ts";

/** Keys whose value is a program git runs (directly or through the shell). */
const PROGRAM_KEYS = [
	"core.fsmonitor",
	"core.pager",
	"core.editor",
	"core.sshCommand",
	"core.askPass",
	"core.gitProxy",
	"core.alternateRefsCommand",
	"sequence.editor",
	"gpg.program",
	"gpg.openpgp.program",
	"gpg.x509.program",
	"gpg.ssh.program",
	"gpg.ssh.defaultKeyCommand",
	"diff.external",
	"diff.evil.textconv",
	"diff.evil.command",
	"filter.evil.clean",
	"filter.evil.smudge",
	"filter.evil.process",
	"merge.evil.driver",
	"uploadpack.packObjectsHook",
	"remote.origin.uploadpack",
	"remote.origin.receivepack",
	"pager.log",
	"pager.status",
	"pager.diff",
	"pager.show",
	"pager.config",
	"difftool.evil.cmd",
	"mergetool.evil.cmd",
	"web.browser",
	"hook.evil.command",
	"sendemail.sendmailcmd",
	"receive.procReceiveRefs",
];

/** Every hook git's documentation lists. */
const HOOKS = [
	"applypatch-msg",
	"pre-applypatch",
	"post-applypatch",
	"pre-commit",
	"pre-merge-commit",
	"prepare-commit-msg",
	"commit-msg",
	"post-commit",
	"pre-rebase",
	"post-checkout",
	"post-merge",
	"pre-push",
	"pre-receive",
	"update",
	"proc-receive",
	"post-receive",
	"post-update",
	"reference-transaction",
	"push-to-checkout",
	"pre-auto-gc",
	"post-rewrite",
	"sendemail-validate",
	"fsmonitor-watchman",
	"p4-changelist",
	"p4-prepare-changelist",
	"p4-post-changelist",
	"p4-pre-submit",
	"post-index-change",
];

/** Where the hostile configuration lives. */
export type HostileMode = "direct" | "include" | "global";

export interface HostileGit {
	/** The directory holding the programs, the included files and the builder. */
	base: string;
	/** A $HOME whose .gitconfig (and XDG config) holds every key (the `global` mode). */
	home: string;
	/** The builder: `sh <script> <dir> <mode>` makes the hostile repository at <dir>. */
	script: string;
	/** The builder's text, to copy where a sandboxed child can run it. */
	scriptText: string;
	/** What ran: one line per program start, naming the key (empty when nothing ran). */
	fired(): string[];
	/** Pids of the `sleep` processes the programs left behind. */
	survivors(): number[];
	/** Ends the survivors (by pid), so a failing test leaves nothing running. */
	cleanUp(): void;
	/** Builds the hostile repository at `dir` from this process. */
	build(dir: string, mode: HostileMode): void;
}

function configText(bin: string, hooks: string, marker: string): string {
	const lines = ["[log]", "\tshowSignature = true", "[core]", `\thooksPath = ${hooks}`, "\tfsmonitorHookVersion = 2"];
	for (const key of PROGRAM_KEYS) {
		const parts = key.split(".");
		const name = parts.pop()!;
		const section = parts.length === 1 ? `[${parts[0]}]` : `[${parts[0]} "${parts.slice(1).join(".")}"]`;
		lines.push(section, `\t${name} = ${join(bin, key)}`);
	}
	lines.push(
		"[credential]",
		`\thelper = !${join(bin, "credential.helper")}`,
		"[alias]",
		`\trev-parse = !${join(bin, "alias")}`,
		`\tls-files = !${join(bin, "alias")}`,
		`\tfor-each-ref = !${join(bin, "alias")}`,
		'[remote "origin"]',
		`\turl = ext::${join(bin, "remote.ext")} %S`,
		"\tpromisor = true",
		"\tvcs = evil",
		"[protocol]",
		"\tallow = always",
		"[gc]",
		"\tauto = 1",
		"\tautoPackLimit = 1",
		"\tautoDetach = false",
		"[maintenance]",
		"\tauto = true",
		'[hook "evil"]',
		"\tevent = post-index-change",
		"\tevent = reference-transaction",
		"[trace2]",
		`\teventTarget = ${marker}.trace2`,
		`\tnormalTarget = ${marker}.trace2`,
		"[gpg]",
		"\tformat = openpgp",
		'[gpg "ssh"]',
		`\tallowedSignersFile = ${marker}-signers`,
		"[commit]",
		"\tgpgSign = true",
		"[tag]",
		"\tgpgSign = true",
		"[status]",
		"\tshowUntrackedFiles = all",
		"[fetch]",
		"\twriteCommitGraph = true",
	);
	return `${lines.join("\n")}\n`;
}

/**
 * The builder script: the repository, its stash, then the hostile configuration (last, so no key
 * fires while building). It holds the configuration itself, so it runs where only it and the
 * programs' directory can be seen (a sandboxed child's bash).
 */
function builderScript(base: string, config: string): string {
	return `#!/bin/sh
set -e
R="$1"; MODE="$2"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
mkdir -p "$R"; cd "$R"
g() { git -c user.name=x -c user.email=x@x -c core.hooksPath=/dev/null -c commit.gpgSign=false "$@"; }
g init -q -b main
echo tracked > a.txt
printf '* filter=evil diff=evil merge=evil\\n' > .gitattributes
g add -A
g commit -qm init
tree=$(g rev-parse 'HEAD^{tree}')
parent=$(g rev-parse HEAD)
for armor in "PGP SIGNATURE" "SSH SIGNATURE" "SIGNED MESSAGE"; do
  c=$(printf 'tree %s\\nparent %s\\nauthor x <x@x> 1 +0000\\ncommitter x <x@x> 1 +0000\\ngpgsig -----BEGIN %s-----\\n AAAA\\n -----END %s-----\\n\\nsigned\\n' "$tree" "$parent" "$armor" "$armor" | g hash-object -t commit -w --stdin)
  g update-ref --create-reflog -m stash refs/stash "$c"
done
g update-ref refs/heads/signed "$c"
g update-index --assume-unchanged a.txt
g update-index --skip-worktree .gitattributes
printf '%s 1111111111111111111111111111111111111111 x <x@x> 1 +0000\\tstash\\n' "$c" >> .git/logs/refs/stash
for hook in ${HOOKS.join(" ")}; do ln -sf ${join(base, "bin", "hook")} ".git/hooks/$hook"; done
g config core.repositoryformatversion 1
g config extensions.partialClone origin
cat > .git/hostile.inc <<'END_OF_CONFIG'
${config}END_OF_CONFIG
case "$MODE" in
  direct) cat .git/hostile.inc >> .git/config ;;
  include) printf '[include]\\n\\tpath = hostile.inc\\n[includeIf "gitdir:%s/"]\\n\\tpath = %s\\n' "$R" "$R/.git/hostile.inc" >> .git/config ;;
  global) : ;;
esac
`;
}

export function hostileGit(): HostileGit {
	const base = tempDir("pi-delegate-hostile-git-");
	const bin = join(base, "bin");
	const hooks = join(base, "hooks");
	const marker = join(base, "fired");
	const token = sleepToken();
	const home = join(base, "home");
	for (const dir of [bin, hooks, home, join(home, ".config", "git")]) mkdirSync(dir, { recursive: true });
	const evil = join(base, "evil.sh");
	writeFileSync(
		evil,
		`#!/bin/sh\nprintf '%s\\n' "$(basename "$0") $*" >> ${marker}\nsetsid sleep ${token} </dev/null >/dev/null 2>&1 &\nexit 0\n`,
	);
	chmodSync(evil, 0o755);
	for (const name of [...PROGRAM_KEYS, "credential.helper", "alias", "remote.ext", "hook", "git-remote-evil"])
		symlinkSync(evil, join(bin, name));
	for (const hook of HOOKS) symlinkSync(evil, join(hooks, hook));
	writeFileSync(`${marker}-signers`, "");
	const config = configText(bin, hooks, marker);
	writeFileSync(join(home, ".gitconfig"), config);
	writeFileSync(join(home, ".config", "git", "config"), config);
	writeFileSync(join(home, ".config", "git", "attributes"), "* filter=evil diff=evil merge=evil\n");
	const script = join(base, "build-hostile-repo.sh");
	writeFileSync(script, builderScript(base, config));
	const fired = () => {
		const lines = existsSync(marker) ? readFileSync(marker, "utf8").split("\n").filter(Boolean) : [];
		return existsSync(`${marker}.trace2`) ? [...lines, "trace2 target written"] : lines;
	};
	return {
		base,
		home,
		script,
		scriptText: builderScript(base, config),
		fired,
		survivors: () => processesWith(token),
		cleanUp: () => {
			for (const pid of processesWith(token)) {
				try {
					process.kill(pid, "SIGKILL");
				} catch {
					// Gone meanwhile.
				}
			}
		},
		build: (dir, mode) => {
			execFileSync("sh", [script, dir, mode], { stdio: "pipe" });
		},
	};
}
