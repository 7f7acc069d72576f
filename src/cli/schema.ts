/** `pi-delegate schema`: prints the JSON Schema of a task spec, for editors, linters and other tools. */
import { TaskSpecSchema } from "../spec/schema.ts";
import { type Command, EXIT, UsageError } from "./command.ts";

/** The schema as a standalone JSON Schema document. */
export function specJsonSchema(): Record<string, unknown> {
	return { $schema: "https://json-schema.org/draft/2020-12/schema", ...TaskSpecSchema };
}

export const schemaCommand: Command = {
	name: "schema",
	summary: "print the JSON Schema of a task spec",
	usage: [
		"Usage: pi-delegate schema",
		"",
		"Prints the JSON Schema (draft 2020-12) of a task spec: every field, its type, its default and what",
		"it means. `pi-delegate validate` checks a spec against it and against the rules a schema cannot",
		"express (roots exist, write_allowed is an exact subset of roots, no nesting).",
	].join("\n"),
	async run(argv, io) {
		if (argv.length > 0) throw new UsageError(`takes no options or arguments, got ${JSON.stringify(argv[0])}`);
		io.stdout(`${JSON.stringify(specJsonSchema(), null, 2)}\n`);
		return EXIT.pass;
	},
};
