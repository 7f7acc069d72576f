/**
 * Programs that run the command written after their options, and those options (options.ts reads
 * them). A denial is looked for in the command each one runs (`sudo -u root rm x` runs `rm x`);
 * an allowlist needs that command allowed as well as the wrapper.
 */
import type { OptionSpec } from "./options.ts";

export const WRAPPERS: Readonly<Record<string, OptionSpec>> = {
	sudo: {
		valued: "ughpCDrtUTR",
		flags: "AbEHnPSkBNsilvVKe",
		long: ["user", "group", "host", "prompt", "close-from", "chdir", "role", "type", "other-user", "command-timeout"],
		longFlags: ["askpass", "background", "preserve-env", "set-home", "non-interactive", "preserve-groups", "stdin"],
		none: ["l", "v", "V", "K", "e", "list", "validate", "version", "edit"],
		viaShell: ["s", "i", "shell", "login"],
	},
	doas: { valued: "uC", flags: "nLs", viaShell: ["s"] },
	nice: { valued: "n", long: ["adjustment"], numeric: true },
	ionice: { valued: "cnpPu", flags: "t", long: ["class", "classdata"], none: ["p", "P", "u", "pid", "pgid", "uid"] },
	nohup: {},
	setsid: { flags: "cfw", longFlags: ["ctty", "fork", "wait"] },
	timeout: {
		valued: "sk",
		flags: "v",
		long: ["signal", "kill-after"],
		longFlags: ["preserve-status", "foreground", "verbose"],
		before: 1,
	},
	stdbuf: { valued: "ioe", long: ["input", "output", "error"] },
	time: {
		valued: "fo",
		flags: "pavq",
		long: ["format", "output"],
		longFlags: ["append", "verbose", "quiet", "portability"],
	},
	chroot: { long: ["userspec", "groups"], longFlags: ["skip-chdir"], before: 1 },
	flock: {
		valued: "wEc",
		flags: "sxeunoF",
		long: ["timeout", "conflict-exit-code", "command"],
		longFlags: ["shared", "exclusive", "unlock", "nonblock", "close", "no-fork", "verbose"],
		script: ["c", "command"],
		before: 1,
	},
	taskset: { flags: "acp", none: ["p", "pid"], before: 1 },
	exec: { valued: "a", flags: "cl" },
	command: { flags: "pvV", none: ["v", "V"] },
	builtin: {},
	coproc: {},
	busybox: {},
};

/**
 * Programs that run a command whose start this check cannot find from their options (they have
 * too many, or odd ones): a denial looks at every word after the program's name as a possible
 * start of the command, and at every quoted text as a script; an allowlist refuses.
 */
export const OPAQUE_WRAPPERS = new Set([
	"strace",
	"ltrace",
	"nsenter",
	"unshare",
	"chrt",
	"numactl",
	"prlimit",
	"systemd-run",
	"firejail",
	"bwrap",
	"proxychains",
	"proxychains4",
	"torsocks",
	"faketime",
	"fakeroot",
	"valgrind",
	"unbuffer",
	"script",
	"catchsegv",
	"cgexec",
	"sg",
	"su",
	"runuser",
	"parallel",
	"sshpass",
	"setpriv",
	"capsh",
	"dbus-run-session",
	"xvfb-run",
	"gdb",
	"perf",
]);

/** The shells whose `-c` text this check reads as bash: POSIX sh is a subset bash's grammar reads. */
export const BASH_LIKE = new Set(["bash", "sh", "dash", "ash", "rbash"]);

/** Shells whose text it cannot read as bash: their scripts are refused. */
export const OTHER_SHELLS = new Set([
	"zsh",
	"ksh",
	"mksh",
	"ksh93",
	"pdksh",
	"yash",
	"fish",
	"csh",
	"tcsh",
	"pwsh",
	"nu",
	"elvish",
	"xonsh",
	"rc",
	"es",
]);

/** bash's own options (`bash -ec`, `sh -o pipefail -c`). */
export const SHELL_OPTIONS: OptionSpec = {
	valued: "oO",
	flags: "abcefhkmnprstuvxBCEHPTli",
	long: ["rcfile", "init-file"],
	longFlags: [
		"login",
		"norc",
		"noprofile",
		"posix",
		"restricted",
		"verbose",
		"noediting",
		"debugger",
		"dump-strings",
		"dump-po-strings",
		"pretty-print",
	],
	none: ["help", "version"],
	plus: true,
};

/**
 * Variables whose value a program runs as a command (`PAGER='rm -rf x' git log`, `PS4='$(rm x)'`
 * with `set -x`): a denial looks for commands in what they are set to.
 */
export const CODE_VARIABLES =
	/^(PAGER|GIT_PAGER|MANPAGER|SYSTEMD_PAGER|EDITOR|VISUAL|GIT_EDITOR|GIT_SEQUENCE_EDITOR|GIT_SSH|GIT_SSH_COMMAND|GIT_EXTERNAL_DIFF|GIT_ASKPASS|SSH_ASKPASS|SUDO_ASKPASS|PS0|PS1|PS2|PS3|PS4|PROMPT_COMMAND|SHELLOPTS|BASHOPTS)$/;

/**
 * Variables no check can follow: a file of commands a shell reads first (BASH_ENV, ENV), a library
 * loaded into every program, git configuration from the environment.
 */
export const UNKNOWABLE_VARIABLES =
	/^(BASH_ENV|ENV|LD_PRELOAD|LD_AUDIT|LD_LIBRARY_PATH|GIT_CONFIG_.*|GIT_CONFIG|GIT_DIR|GIT_EXEC_PATH|BASH_FUNC_.*)$/;

/**
 * git configuration that names a program git runs, or an alias (`-c alias.x='!rm -rf y'`): after
 * `git -c` it makes what git runs unknowable.
 */
export const GIT_CODE_CONFIG =
	/^(alias\.|include|core\.(pager|editor|sshcommand|fsmonitor|hookspath|askpass|gitproxy|alternaterefscommand)$|sequence\.editor$|diff\.external$|pager\.|gpg\.|credential|uploadpack\.|receive\.procreceiverefs|remote\..*\.(receivepack|uploadpack|vcs)$|protocol\.|url\.)|\.(command|cmd|program|helper|textconv|clean|smudge|process|driver|tool|path)$/i;
