/**
 * The CPU of one list request in-process (no sockets): `app.handle` on a fresh demo app, the REST page, the tRPC
 * page and a tiny signed-in read, each run N times after a warm-up; prints µs per request. Profile it with
 * `bun --cpu-prof-md --cpu-prof-dir=/tmp/prof bench/list-profile.ts` (LIST_PROFILE_N=20000 for a longer one,
 * LIST_PROFILE_ONLY=tRPC for the paths whose name has it).
 */
import { DEMO, startTestApp } from "../tests/helpers/app";

const N = Number(process.env.LIST_PROFILE_N) || 3000;
const t = await startTestApp();
try {
  const cookie = await t.login(DEMO.user);
  const input = { sort_by: "report_submission_date", sort_dir: "desc", page: 2, page_size: 25 };
  const paths = {
    "GET /api/core-boxes": "/api/core-boxes?sort_by=report_submission_date&sort_dir=desc&page=2&page_size=25",
    "coreBoxes.list (tRPC)": `/trpc/coreBoxes.list?input=${encodeURIComponent(JSON.stringify(input))}`,
    "GET /api/core-boxes/years": "/api/core-boxes/years",
    "GET /api/health": "/api/health",
  };
  const only = process.env.LIST_PROFILE_ONLY; // e.g. "tRPC": only the paths whose name contains it
  for (const [name, path] of Object.entries(paths)) {
    if (only && !name.includes(only)) continue;
    const once = async () => {
      const res = await t.request(path, { cookie });
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      await res.arrayBuffer();
    };
    for (let i = 0; i < 300; i++) await once();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await once();
    const wall = ((performance.now() - t0) * 1000) / N;
    const cpu = process.cpuUsage(c0);
    console.log(
      `${name}: ${wall.toFixed(0)} µs wall, ${((cpu.user + cpu.system) / N).toFixed(0)} µs CPU per request`,
    );
  }
} finally {
  await t.close();
}
