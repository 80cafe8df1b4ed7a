import { options } from "preact";

// Preact runs effects after the next frame, with a 100 ms timer as a fallback (a frame that never comes: a
// hidden page, or fake timers holding jsdom's frames) whose callback cancels the frame through the global
// cancelAnimationFrame. A test file's last effects could leave that timer running past the end of the run,
// when the window and its globals are gone: "ReferenceError: cancelAnimationFrame is not defined", an
// unhandled error that fails the whole run (CI, once, after exam-app.test.tsx). The same two ways here,
// whichever comes first runs the effects, and nothing is cancelled.
options.requestAnimationFrame = (callback) => {
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    callback();
  };
  setTimeout(run, 100);
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(run);
};
