import { useEffect, useMemo, useRef } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import esLocale from '@fullcalendar/core/locales/es';
import type { DatesSetArg, EventClickArg, EventInput, EventMountArg } from '@fullcalendar/core';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import { alertTitle, formatDateEs, IMPORTANCE_LABEL, type Alert } from '@consorcio/domain';
import { importanceColor } from '../../components/ImportanceChip';

/** The days a month view shows (whole weeks), inclusive, and its title ("diciembre de 2025"). */
export interface CalendarRange {
  since: string;
  upTo: string;
  title: string;
}

interface Props {
  alerts: Alert[];
  onRangeChange: (range: CalendarRange) => void;
  onOpen: (alert: Alert) => void;
}

/**
 * FullCalendar's month grid, in its own chunk (loaded by BuildingAlertsCalendar). It only draws:
 * the alerts come from the server for the weeks on screen, reported through `onRangeChange`.
 */
export default function AlertsCalendarView({ alerts, onRangeChange, onOpen }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const root = useRef<HTMLDivElement>(null);
  // Every render may have redrawn the toolbar.
  useEffect(() => hideButtonIcons(root.current));
  const events = useMemo<EventInput[]>(
    () =>
      alerts.map((a) => {
        const color = importanceColor(theme, a.importance);
        return {
          id: String(a.id),
          title: alertTitle(a.concept),
          start: a.date,
          allDay: true,
          backgroundColor: color,
          borderColor: color,
          textColor: '#fff',
          extendedProps: { alert: a },
        };
      }),
    [alerts, theme],
  );

  const datesSet = (arg: DatesSetArg) => {
    hideButtonIcons(root.current);
    onRangeChange({
      since: dayjs(arg.start).format('YYYY-MM-DD'),
      // FullCalendar's end is exclusive; the API's upTo is inclusive.
      upTo: dayjs(arg.end).subtract(1, 'day').format('YYYY-MM-DD'),
      title: arg.view.title,
    });
  };

  const eventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    onOpen(arg.event.extendedProps.alert as Alert);
  };

  // With an eventClick handler FullCalendar makes each event focusable and opens it with Enter or
  // Space; the cut title alone would be a poor name for it, so it gets the whole alert's.
  const eventDidMount = (arg: EventMountArg) => {
    const a = arg.event.extendedProps.alert as Alert;
    arg.el.setAttribute('role', 'button');
    arg.el.setAttribute('aria-label', `${a.concept}, importancia ${IMPORTANCE_LABEL[a.importance].toLowerCase()}, ${formatDateEs(a.date)}`);
    arg.el.setAttribute('title', a.concept);
  };

  return (
    <Box ref={root} sx={calendarSx(theme)}>
      <FullCalendar
        plugins={[dayGridPlugin]}
        initialView="dayGridMonth"
        locale={esLocale}
        height="auto"
        fixedWeekCount={false}
        dayMaxEvents={phone ? 2 : 3}
        displayEventTime={false}
        // The buttons' names (FullCalendar's Spanish says "Mes antes").
        buttonHints={{ prev: 'Mes anterior', next: 'Mes siguiente', today: 'Mes actual' }}
        // On a phone the title goes left and the buttons right, in one short row.
        headerToolbar={
          phone ? { left: 'title', center: '', right: 'prev,today,next' } : { left: 'prev,next today', center: 'title', right: '' }
        }
        events={events}
        eventClick={eventClick}
        eventDidMount={eventDidMount}
        datesSet={datesSet}
      />
    </Box>
  );
}

/**
 * The toolbar's chevrons are icon-font spans with role="img" and no name; the buttons are named by
 * their title ("Mes anterior"), so the icons are decoration.
 */
function hideButtonIcons(root: HTMLElement | null) {
  root?.querySelectorAll('.fc-button .fc-icon').forEach((icon) => icon.setAttribute('aria-hidden', 'true'));
}

/** FullCalendar's own stylesheet (injected by it) tuned to the app's theme through its CSS variables. */
const calendarSx = (theme: Theme) => {
  const { primary, text, divider } = theme.palette;
  return {
    '--fc-button-bg-color': primary.main,
    '--fc-button-border-color': primary.main,
    '--fc-button-hover-bg-color': primary.dark,
    '--fc-button-hover-border-color': primary.dark,
    '--fc-button-active-bg-color': primary.dark,
    '--fc-button-active-border-color': primary.dark,
    '--fc-border-color': divider,
    '--fc-today-bg-color': alpha(primary.main, 0.08),
    '--fc-page-bg-color': theme.palette.background.paper,
    '--fc-neutral-bg-color': theme.palette.grey[100],
    '& .fc .fc-toolbar.fc-header-toolbar': { mb: 1.5, gap: 1 },
    '& .fc .fc-toolbar-title': {
      fontSize: { xs: '1.05rem', sm: '1.35rem' },
      fontWeight: 700,
      '&::first-letter': { textTransform: 'uppercase' },
    },
    '& .fc .fc-button': { fontSize: { xs: '0.85rem', sm: '0.95rem' }, py: { xs: 0.5, sm: 0.75 } },
    '& .fc .fc-button:focus-visible, & .fc .fc-event:focus-visible, & .fc .fc-daygrid-more-link:focus-visible': {
      outline: `2px solid ${text.primary}`,
      outlineOffset: 2,
      boxShadow: 'none',
    },
    '& .fc .fc-col-header-cell-cushion, & .fc .fc-daygrid-day-number': { color: text.primary, textDecoration: 'none' },
    '& .fc .fc-col-header-cell-cushion': { fontSize: { xs: '0.75rem', sm: '0.875rem' }, px: { xs: 0, sm: 0.5 } },
    '& .fc .fc-daygrid-day-number': { fontSize: { xs: '0.8rem', sm: '0.9rem' } },
    // FullCalendar fades the neighbouring months' day numbers to 1.9:1; grey text keeps them apart at 5.7:1.
    '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1 },
    '& .fc .fc-day-other .fc-daygrid-day-number': { color: text.secondary },
    '& .fc .fc-daygrid-more-link': { color: text.primary, fontSize: '0.8rem' },
    '& .fc .fc-event': { cursor: 'pointer', fontSize: { xs: '0.7rem', sm: '0.8rem' } },
    '& .fc .fc-daygrid-event .fc-event-main': { px: 0.5 },
  } as const;
};
