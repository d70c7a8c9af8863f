import type { ChannelView } from '../../../shared/channels';
import type { Channel } from '../../../shared/ipc';
import type { Settings } from '../../../shared/settings';
import { type ChannelBook, ChannelRefused } from '../channels/channel-book';
import { HandlerError, type HandlerTable } from '../ipc-dispatch';
import type { DeliveryLogBook } from '../outbox/delivery-log';
import type { Outbox } from '../outbox/outbox';

export type ChannelsHandlers = Pick<HandlerTable, Extract<Channel, `channels:${string}`>>;

export type ChannelsHandlersContext = {
  book: ChannelBook;
  outbox: Pick<Outbox, 'test' | 'views' | 'forget'>;
  log: Pick<DeliveryLogBook, 'list'>;
  settings: { get(): Settings; save(next: Settings): Settings };
  /** The list changed: the window is told (the `channels` event). */
  changed: () => void;
};

/** A channel's own refusal in the user's words; anything else passes on to the generic error words. */
async function refusing<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ChannelRefused) throw new HandlerError({ kind: 'invalid_argument', message: err.message });
    throw err;
  }
}

/** The settings without any route to the channel. Pure. */
export function withoutChannelRoutes(settings: Settings, channelId: string): Settings {
  const routes = Object.fromEntries(Object.entries(settings.routing.routes).map(([key, route]) => [key, { ...route, channels: route.channels.filter((id) => id !== channelId) }]));
  return { ...settings, routing: { ...settings.routing, routes } };
}

/** Channels (docs/desktop.md › Channels): the list, add, update, remove, "Send test" and the delivery log. */
export function createChannelsHandlers(ctx: ChannelsHandlersContext): ChannelsHandlers {
  const viewOf = async (id: string): Promise<ChannelView> => {
    const view = (await ctx.outbox.views()).find((channel) => channel.id === id);
    if (view === undefined) throw new HandlerError({ kind: 'invalid_argument', message: 'That channel is no longer there.' });
    return view;
  };
  return {
    'channels:list': () => ctx.outbox.views(),
    'channels:add': (draft) =>
      refusing(async () => {
        const config = await ctx.book.add(draft);
        ctx.changed();
        return viewOf(config.id);
      }),
    'channels:update': (patch) =>
      refusing(async () => {
        await ctx.book.update(patch);
        ctx.changed();
        return viewOf(patch.id);
      }),
    'channels:remove': async ({ id }) => {
      if (ctx.book.get(id) === null) return { removed: false };
      ctx.outbox.forget(id);
      const removed = await ctx.book.remove(id);
      ctx.settings.save(withoutChannelRoutes(ctx.settings.get(), id));
      ctx.changed();
      return { removed };
    },
    'channels:test': ({ id }) => ctx.outbox.test(id),
    'channels:log': async () => ctx.log.list(),
  };
}
