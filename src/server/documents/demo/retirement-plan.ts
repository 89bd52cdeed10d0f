import type { DemoPage } from "./index";

export const RETIREMENT_PAGES: DemoPage[] = [
  { heading: "Placeholder", paragraphs: ["Placeholder text for the demo."] },
];
