import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that run far longer than their size suggests: they start the admin command over and over, check a
 * property over many random runs, or audit every page in two themes. On a fresh machine (CI) Vitest has no
 * timings yet and starts the largest files first, so these started last and ran on alone while the other workers
 * sat idle (admin-cli alone added most of a minute). Each project starts them first.
 */
const LONG_RUNNING = [
  "tests/integration/counts.test.ts",
  "tests/integration/admin-cli.test.ts",
  "tests/integration/properties.test.ts",
  "tests/e2e/accessibility.test.ts",
  "tests/e2e/create-edit-forms.test.ts",
  "tests/e2e/phone-finish.test.ts",
];

const isLong = (spec: TestSpecification) => LONG_RUNNING.some((path) => spec.moduleId.endsWith(path));

export default class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order (projects in turn, then its own) with each project's long runners moved to its front.
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) {
      byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec]);
    }
    return [...byProject.values()].flatMap((specs) => [
      ...specs.filter(isLong),
      ...specs.filter((spec) => !isLong(spec)),
    ]);
  }
}
