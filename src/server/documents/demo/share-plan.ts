import type { DemoPage } from "./index";

export const SHARE_PLAN_PAGES: DemoPage[] = [
  { heading: "Placeholder", paragraphs: ["Placeholder text for the demo."] },
];
