/**
 * The JWT screen's countdown (spec sections 2 and 4): hours, minutes and seconds until the token
 * expires. Negative once expired (the screen then shows the red notice), e.g. `-0時間1分5秒`.
 */
export const formatCountdown = (seconds: number): string => {
  const whole = Math.trunc(seconds);
  const rest = Math.abs(whole);
  const hours = Math.floor(rest / 3600);
  const minutes = Math.floor((rest % 3600) / 60);
  const secs = rest % 60;
  return `${whole < 0 ? '-' : ''}${hours}時間${minutes}分${secs}秒`;
};

/**
 * `残り 0時間59分12秒` while valid; once expired it says how long ago (`0時間0分27秒前に失効しました`)
 * rather than a negative remainder. At exactly zero: `残り 0時間0分0秒`.
 */
export const countdownLabel = (seconds: number): string =>
  Math.trunc(seconds) < 0 ? `${formatCountdown(-seconds)}前に失効しました` : `残り ${formatCountdown(seconds)}`;

/** The token is expired when the countdown is at or below zero (spec section 4). */
export const isExpired = (seconds: number): boolean => seconds <= 0;

