import type { DemoPage } from "./index";

export const HANDBOOK_PAGES_1: DemoPage[] = [
  { heading: "Placeholder", paragraphs: ["Placeholder text for the demo."] },
];
