/**
 * Shell commands that change files, the repository or installed packages. Code in a brief is data,
 * so these are looked for only where the brief tells the child to run the code ("run `git push`",
 * "run this:" before a fenced block) or writes the command as plain words ("then git push").
 */

const GIT_CHANGES = new Set(
	`commit push add rm mv reset checkout switch rebase merge cherry-pick stash apply am tag restore clean
	revert pull init clone branch worktree bisect`
		.split(/\s+/)
		.filter(Boolean),
);
const PACKAGE_TOOLS = new Set(
	`npm yarn pnpm bun pip pip3 uv poetry cargo gem brew bundle composer pipenv pdm conda mamba shards pod carthage
	opam cabal nimble luarocks cpanm conan vcpkg changeset lerna`.split(/\s+/),
);
/** What a package tool changes by: installing, and writing its lockfile (`poetry lock`, `composer require`). */
const PACKAGE_CHANGES = new Set(
	"install i add remove rm uninstall update upgrade publish version ci link unlink get lock require sync".split(" "),
);
/** `go get`, `go mod tidy`: Go's module commands that rewrite go.mod and go.sum. */
const GO_MOD_CHANGES = new Set(["tidy", "vendor", "init", "edit", "download"]);
const FILE_COMMANDS = new Set(["rm", "mv", "cp", "mkdir", "rmdir", "chmod", "chown", "ln", "touch", "truncate", "dd"]);
const APT = new Set(["apt", "apt-get", "dnf", "yum", "apk"]);
/** Formatters and fixers that rewrite files in place when run plainly. */
const FORMATTERS = new Set([
	"black",
	"rustfmt",
	"gofmt",
	"autopep8",
	"isort",
	"cargo fmt",
	"go fmt",
	"terraform fmt",
	"ruff format",
	"dart format",
	"mix format",
]);
const RUNNERS = new Set(["npm", "yarn", "pnpm", "bun", "make", "just", "task"]);
const WRITING_SCRIPT =
	/(?:^|[:_-])(?:fix|format|fmt|codegen|generate|gen|regen|regenerate|migrate|update-snapshots|bootstrap|clean|install|deps|setup|deploy|release|publish|seed|reseed|reset|purge|flush|clear|wipe|drop|truncate)(?:$|[:_-])/;

/** `git branch`, `git tag -l`, `git stash list`: the subcommands that change things can also just list. */
function listing(subcommand: string, args: readonly string[]): boolean {
	if (!["branch", "tag", "stash", "worktree"].includes(subcommand)) return false;
	const plain = args.filter((a) => !a.startsWith("-"));
	return (
		plain.length === 0 || ["list", "show"].includes(plain[0] ?? "") || args.some((a) => a === "-l" || a === "--list")
	);
}

/** Whether the words of one command (already split) change something. */
export function changingCommand(words: readonly string[]): boolean {
	let i = 0;
	while (i < words.length && (/^\w+=/.test(words[i] ?? "") || words[i] === "sudo" || words[i] === "npx")) i++;
	const [first = "", second = ""] = words.slice(i);
	const rest = words.slice(i + 1);
	if (first === "git") return GIT_CHANGES.has(second) && !listing(second, rest.slice(1));
	if (FORMATTERS.has(first) || FORMATTERS.has(`${first} ${second}`)) return true;
	// `sbt scalafmtAll`, `npx graphql-codegen`, `bundle exec rubocop -a`: a formatter, a generator, an autocorrect.
	if (words.some((w) => /^scalafmt/i.test(w)) || /(?:^|-)(?:codegen|generate|generator)$/.test(first)) return true;
	if (words.includes("rubocop") && words.some((w) => AUTOCORRECT.has(w))) return true;
	// `npm run lint:fix`, `yarn format`, `pnpm codegen`: a script named for what it writes.
	if (RUNNERS.has(first) && rest.some((w) => WRITING_SCRIPT.test(w))) return true;
	// `yarn upgrade-interactive`, `npm install-test`: the subcommand's first part decides.
	if (PACKAGE_TOOLS.has(first)) return PACKAGE_CHANGES.has(second) || PACKAGE_CHANGES.has(second.split("-")[0] ?? "");
	if (first === "go") return second === "get" || (second === "mod" && GO_MOD_CHANGES.has(rest[1] ?? ""));
	// `pre-commit run --all-files` applies its formatters; `nomad job run`, `systemctl restart x` change what runs.
	if (first === "pre-commit") return second === "run" || second === "autoupdate";
	if (ORCHESTRATORS.has(first)) return rest.slice(0, 3).some((w) => SERVICE_CHANGES.has(w));
	if (APT.has(first)) return second === "install" || second === "remove" || second === "upgrade";
	if (FILE_COMMANDS.has(first)) return true;
	// `dbt run-operation drop_stale_schemas`: an operation or a macro named for what it removes.
	if (words.some((w) => /^(?:drop|delete|purge|truncate|wipe|reset)_\w+$/.test(w))) return true;
	// `./tools/update_sdk.sh steamworks 1.59`, `scripts/seed-db.py`: a script named for what it writes.
	if (SCRIPT_PATH.test(first) && WRITING_SCRIPT_NAME.test(first.split(/[/\\]/).at(-1) ?? "")) return true;
	if (first === "sed" || first === "perl") return rest.some((w) => /^-\w*i/.test(w) || w === "-pi");
	if (first === "tee" || first === "patch") return true;
	// `mix ecto.migrate`, `dbt snapshot`, `terraform apply`, `mix run priv/repo/seeds.exs`: a subcommand
	// or a script named for what it writes.
	// `prisma migrate status`, `alembic history`: a subcommand that only reports, whatever group it is in.
	if (rest.some((w) => REPORTING_SUBCOMMANDS.has(w)) && !rest.some((w) => WRITE_FLAGS.has(w))) return false;
	// `crystal tool format src/`: the subcommand may come second.
	const [sub = "", subSub = ""] = rest.filter((w) => !w.startsWith("-"));
	// `bin/rails db:migrate:queue`: a writing part anywhere in a colon-joined subcommand.
	const parts = sub.split(/[.:]/);
	if (parts.length > 1 && REPORTING_SUBCOMMANDS.has(parts.at(-1) ?? "")) return false;
	const colonWrites = parts.some((p) => WRITING_SUBCOMMAND.test(p));
	if (
		WRITING_SUBCOMMAND.test(sub) ||
		colonWrites ||
		(SUBCOMMAND_GROUPS.has(sub) && (WRITING_SUBCOMMAND.test(subSub) || PACKAGE_CHANGES.has(subSub))) ||
		rest.some((w) => /(?:^|\/)seeds?[\w-]*\.\w+$/.test(w))
	)
		return true;
	// `dbt run`, `dbt build`: models materialised in the warehouse.
	if (first === "dbt" && ["run", "build"].includes(sub)) return true;
	// `ansible-playbook site.yml` applies its plays, unless it only checks or lists them.
	if (first === "ansible-playbook") return !rest.some((w) => CHECK_ONLY.has(w) || w.startsWith("--list"));
	return rest.some((w) => WRITE_FLAGS.has(w) || (WRITING_FLAG.test(w) && !/dry-run|check/.test(w)));
}

/** Flags named for what they write: `--auto-accept-changes`, `--update-baseline` (not `--fix-dry-run`). */
const WRITING_FLAG =
	/^--(?:[\w-]+-)?(?:accept|approve|overwrite|apply)(?:-[\w-]+)?$|^--(?:auto-)?(?:update|fix|write)-[\w-]+$/;

/** Subcommands that group others: `crystal tool format`, `dart pub upgrade`, `flutter pub get`. */
const SUBCOMMAND_GROUPS = new Set([
	"tool",
	"tools",
	"pub",
	"deps",
	"dep",
	"dependency",
	"package",
	"packages",
	"mod",
	"db",
]);
/** SQL that changes a database: rows, schema, grants, and statistics (`ANALYZE listings;`). */
const SQL_WRITES =
	/^(?:UPDATE|DELETE\s+FROM|INSERT\s+INTO|ALTER|DROP|TRUNCATE|CREATE|GRANT|REVOKE|ANALYZE|VACUUM|REINDEX)\s+\w/;
const AUTOCORRECT = new Set(["-a", "-A", "--autocorrect", "--auto-correct", "--autocorrect-all"]);
const ORCHESTRATORS = new Set(["nomad", "systemctl", "service", "launchctl", "supervisorctl", "pm2"]);
const SERVICE_CHANGES = new Set(
	"run start stop restart reload revert dispatch scale enable disable kill delete".split(" "),
);
const REPORTING_SUBCOMMANDS = new Set(
	"status list ls show diff plan history info validate verify --dry-run".split(" "),
);
const CHECK_ONLY = new Set(["--check", "-C", "--syntax-check"]);
/** Flags that make a command write: fixers, and test runners that rewrite their expectations. */
const WRITE_FLAGS = new Set(
	`--write --fix -w --apply --full-refresh --force --yes -y --update-goldens --update-snapshots --updateSnapshot
	--update-snapshot --bless --accept --overwrite --in-place --inplace --delete-conflicting-outputs --save --output
	--out --write-locks --update-locks --export`.split(/\s+/),
);

/** Subcommands of any tool that write: "migrate", "ecto.migrate", "db:seed", "snapshot", "apply", "deploy". */
const WRITING_SUBCOMMAND =
	/^(?:[\w-]+[.:])?(?:migrate|seed|snapshot|apply|deploy|publish|release|install|upgrade|uninstall|reset|drop|destroy|generate|codegen|fmt|format|fix|import|restore|sync|push|upload|delete|rm|create|rollback|rollout|patch|scale|unlock|reindex|rebuild|refresh|flush|purge|truncate|invalidate|reconcile|digest)$|^[\w-]+[.:](?:get|update|clean|compile)$/;

/** A script's file name that says it writes: `update_sdk.sh`, `seed-db.py`, `deploy.sh`, `regen_fixtures`. */
/** A script run by its path: `./tools/x`, `scripts/x.sh`, `bin/x.py` (not a config file such as `codegen.yml`). */
const SCRIPT_PATH = /^(?:\.\/[^.\s]+|\S*[/\\]\S+\.(?:sh|bash|zsh|py|rb|pl|ps1))$/;
const WRITING_SCRIPT_NAME =
	/^(?:[\w.-]*[_-])?(?:update|upgrade|install|deploy|migrate|seed|reseed|reset|fix|format|fmt|gen|generate|regen|regenerate|codegen|bump|release|publish|vendor|sync|bootstrap|setup|clean|purge|wipe|drop)(?:[_.-][\w.-]*)?$/;

/** Splits shell text into commands and their words; redirection into a file counts as a change. */
export function changingShell(text: string): boolean {
	for (const command of text.split(/\n|;|&&|\|\||\|/)) {
		const trimmed = command.replace(/^\s*\$\s*/, "").trim();
		if (trimmed === "" || trimmed.startsWith("#")) continue;
		// "test/sync.test.ts > resolves conflicts": a test's full name, file > suite > case, runs nothing.
		if (/^\S+\.(?:test|spec)\.[cm]?[jt]sx?\s+>\s/.test(trimmed)) continue;
		if (/(?:^|[^\d&>=-])>>?\s*(?!\/dev\/null|&)[\w./~-]/.test(trimmed)) return true;
		if (changingCommand(trimmed.split(/\s+/)) || SQL_WRITES.test(trimmed)) return true;
	}
	return false;
}

/** Whether plain words at the start of a clause form a changing command ("git push", "npm install x"). */
export function commandWords(words: readonly string[]): boolean {
	const [first = "", second = ""] = words;
	if (first === "git") return GIT_CHANGES.has(second);
	if (PACKAGE_TOOLS.has(first) || APT.has(first)) return PACKAGE_CHANGES.has(second);
	return first === "cp" || first === "ln" || first === "tee";
}
