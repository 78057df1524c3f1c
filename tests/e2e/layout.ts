import { expect, type Locator } from '@playwright/test';

/**
 * The text boxes whose placeholder does not fit their content box (measured in the box's own font).
 * A clipped placeholder such as 「名前・メールアドレスで杉」 hides what the box searches.
 */
export const clippedPlaceholders = (scope: Locator) =>
  scope.locator('input[placeholder]').evaluateAll((inputs) =>
    (inputs as HTMLInputElement[])
      .filter((input) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d');
        if (!context || !input.placeholder) return false;
        context.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width > room;
      })
      .map((input) => input.placeholder),
  );

/** Fails when any placeholder under `scope` is cut off. */
export const expectPlaceholdersFit = async (scope: Locator) => {
  expect(await clippedPlaceholders(scope)).toEqual([]);
};

/** The texts of the elements matching `selector` under `scope` that run over more than one line. */
export const wrappedTexts = (scope: Locator, selector: string) =>
  scope.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const lineTops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        // Icon and text sit on one line at slightly different tops; a second line is a full line lower.
        const tops = [...lineTops].sort((a, b) => a - b);
        return tops.length > 1 && tops[tops.length - 1] - tops[0] >= 12;
      })
      .map((element) => element.textContent ?? ''),
  );

/** Fails when any button label under `scope` wraps (list rows' action links, `cs-RowLink` in src/layout/theme.ts, included). */
export const expectNoWrappedButtons = async (scope: Locator) => {
  expect(await wrappedTexts(scope, 'button, a.MuiButton-root, a.cs-RowLink')).toEqual([]);
};
