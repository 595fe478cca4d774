/**
 * Presses keys on a widget's slider, then waits until the widget has drawn the value the slider ends on: a drawn state
 * from a key pressed on the way would otherwise pass for the final one.
 */
export async function pressSlider(page, widget, param, keys) {
  const slider = `${widget}-${param}-slider`;
  await page.focus(slider);
  for (const key of keys) await page.keyboard.press(key);
  const value = Number((await page.getAttribute(slider, 'aria-valuetext')).split('= ')[1]);
  await page.waitForFunction(
    ([w, p, v]) => {
      const element = document.querySelector(w);
      const now = JSON.parse(element?.dataset.rendered ?? 'null');
      return now?.[p] === v && !element.hasAttribute('aria-busy');
    },
    [widget, param, value],
  );
  return JSON.parse(await page.getAttribute(widget, 'data-rendered'));
}
