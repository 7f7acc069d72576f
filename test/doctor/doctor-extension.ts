/** Registers `/delegate-doctor` into a real `pi` for tests, as the package's extension entry will. */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { registerDoctorCommand } from "../../src/pi/commands/doctor.ts";

export default function doctorForTests(pi: ExtensionAPI): void {
	registerDoctorCommand(pi);
}
