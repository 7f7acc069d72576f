/**
 * The parts of a node of bash's syntax tree the checks read. web-tree-sitter's nodes have this
 * shape; the walk takes it as a plain interface, so it reads a tree from any source.
 */
export interface SyntaxNode {
	readonly type: string;
	/** A grammar rule (`command`, `word`), not a token written as is (`;`, `&&`). */
	readonly isNamed: boolean;
	/** Put in by the parser to recover from a syntax error. */
	readonly isMissing: boolean;
	/** This node or one inside it is a syntax error, or was put in to recover from one. */
	readonly hasError: boolean;
	/** Offsets into the parsed text, in UTF-16 code units. */
	readonly startIndex: number;
	readonly endIndex: number;
	readonly text: string;
	readonly childCount: number;
	readonly children: readonly SyntaxNode[];
}
