import { agoText, localDateText, localDateTimeText, localTimeText, utcText } from '../model/time-text';

type Props = { at: string | number; mode?: 'time' | 'datetime' | 'date'; now?: never } | { at: string | number; mode: 'ago'; now: number };

/** A moment in local time, with its UTC time on hover (and for screen readers via the title). */
export function TimeText(props: Props) {
  const { at, mode = 'datetime' } = props;
  const text =
    props.mode === 'ago'
      ? agoText(at, props.now)
      : mode === 'time'
        ? localTimeText(at)
        : mode === 'date'
          ? localDateText(at)
          : localDateTimeText(at);
  const iso = new Date(at).toISOString();
  return (
    <time dateTime={iso} title={utcText(at)}>
      {text}
    </time>
  );
}
