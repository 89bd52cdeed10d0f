(() => {
  try {
    var pref = localStorage.getItem("theme") || "system";
    var dark =
      pref === "dark" || (pref === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  } catch (e) {}
})();
