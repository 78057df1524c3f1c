/** The slice of @rails/actioncable (which ships no types) the inquiry screen uses. */
declare module '@rails/actioncable' {
  export interface Subscription {
    unsubscribe(): void;
  }
  export interface SubscriptionMixin {
    connected?(details: { reconnected: boolean }): void;
    disconnected?(details: { willAttemptReconnect: boolean }): void;
    rejected?(): void;
    received?(data: unknown): void;
  }
  export interface Consumer {
    subscriptions: { create(params: Record<string, unknown>, mixin: SubscriptionMixin): Subscription };
    disconnect(): void;
  }
  export function createConsumer(url: string | (() => string)): Consumer;
}
