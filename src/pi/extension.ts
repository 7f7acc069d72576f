/**
 * The Pi extension entry point of pi-delegate. Pi loads it from the `pi.extensions` entry of
 * package.json. Tools and commands register here as the delegation flow grows.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function piDelegate(_pi: ExtensionAPI): void {}
