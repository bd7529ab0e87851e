// The shell's shared singletons are eager (in this entry chunk, see rsbuild.config.ts), so no async
// boundary is needed before React code runs: the whole shell is one request after the HTML.
//
// Evaluating them is not one task, though. Imported statically, React, react-dom, the store, the router,
// i18next, @lager/shared and the app were evaluated in the entry script's one task (≈ 55 ms on the bench's CPU,
// four times that on a mid-range phone: the largest part of the page's Total Blocking Time). Each step below is
// part of this chunk (`eager`: no request) and starts in a task of its own, so the browser can paint and answer
// input between them. The order follows the imports: what a later step imports is evaluated by then (react-redux
// and i18next, which the shell does not import itself, come with @lager/shared).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const steps = [
  () => import(/* webpackMode: "eager" */ 'react'),
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ '@reduxjs/toolkit'),
  () => import(/* webpackMode: "eager" */ 'react-router-dom'),
  () => import(/* webpackMode: "eager" */ 'react-i18next'),
  () => import(/* webpackMode: "eager" */ '@lager/shared'),
];

async function load() {
  for (const step of steps) {
    await step();
    await nextTask();
  }
  await import(/* webpackMode: "eager" */ './bootstrap');
}

void load();
