import { describe, expect, test } from "bun:test";
import { AUDIT_ACTION_LABELS } from "@shared/users";
import { describeChange } from "@/routes/admin/-components/activity-model";

/** Admin → Activity: what a line says of the change it records (issue 55). */
describe("Activity's Change column", () => {
  test("a move or rename shows where the file came from and where it went", () => {
    expect(
      describeChange({
        target: "reports/5501-03.Manoa Pedestrian Bridge.pdf",
        details: { from: "reports/5501-03.Manoa Footbridge.pdf", size: 1200 },
      }),
    ).toBe("reports/5501-03.Manoa Footbridge.pdf → reports/5501-03.Manoa Pedestrian Bridge.pdf");
  });

  test("a role change shows each field before and after; an upload shows nothing", () => {
    expect(
      describeChange({
        target: "pua@geolabs.example",
        details: { before: { role: "User" }, after: { role: "Admin" } },
      }),
    ).toBe("role: User → Admin");
    expect(describeChange({ target: "hr.db/a.pdf", details: { size: 10 } })).toBe("");
    expect(describeChange({ target: "x", details: null })).toBe("");
  });

  test("Mark Dumped & Remove has its own words, apart from a plain removal", () => {
    expect(AUDIT_ACTION_LABELS["core_box.dump_remove"]).toBe("Core box dumped and removed");
    expect(AUDIT_ACTION_LABELS["core_box.delete"]).toBe("Core box deleted");
  });
});
