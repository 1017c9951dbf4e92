// The named icon catalogue of spec §2 (checklist items, inspection types) plus the two unit type icons
// `fa-truck` / `fa-trailer` (spec §2 "Unit settings"). Icons are shape lists on a 24 px grid drawn
// with the current text colour, so one tiny renderer serves all of them and dark mode comes for free.
// The server stores an icon by its name; an unknown name (older data) falls back to a neutral square.
import type { SVGProps } from 'react'
import { m, tr } from '../i18n/translate.ts'

type Shape =
  | readonly ['path', string]
  | readonly ['circle', number, number, number]
  | readonly ['rect', number, number, number, number, number?]
  | readonly ['ellipse', number, number, number, number]

interface IconDefinition {
  label: string
  shapes: readonly Shape[]
}

const headlamp: Shape = ['path', 'M10 5C6 5 3 8 3 12s3 7 7 7h1V5z']
const truckShapes: readonly Shape[] = [
  ['path', 'M1 5h13v12H1zM14 9h4l4 4v4h-8'],
  ['circle', 5.5, 18.5, 2],
  ['circle', 17.5, 18.5, 2],
]
const trailerShapes: readonly Shape[] = [
  ['path', 'M2 5h16v11H2zM18 14h4'],
  ['circle', 6, 18.5, 2],
  ['circle', 11, 18.5, 2],
]

const CATALOGUE = {
  lights: { label: m('Lights'), shapes: [headlamp, ['path', 'M15 8h6M15 12h6M15 16h6']] },
  'fog-light': { label: m('Fog light'), shapes: [headlamp, ['path', 'M15 9l6 2M15 13l6 2M15 17l6 2']] },
  'brake-light': { label: m('Brake light'), shapes: [['rect', 4, 10, 16, 8, 2], ['path', 'M4 14h16M8 4l1 3M12 3v4M16 4l-1 3']] },
  'turn-signal': { label: m('Turn signal'), shapes: [['path', 'M10 5L3 12l7 7v-4h6V9h-6zM20 9v6']] },
  hazard: { label: m('Hazard lights'), shapes: [['path', 'M12 4L3 19h18zM12 9l-4.5 7.5h9z']] },
  'light-bulb': {
    label: m('Light bulb'),
    shapes: [['path', 'M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z']],
  },
  flashlight: { label: m('Flashlight'), shapes: [['path', 'M8 3h8v4l-2 3v11h-4V10L8 7zM12 13v2']] },
  tire: { label: m('Tire'), shapes: [['circle', 12, 12, 9], ['circle', 12, 12, 4], ['path', 'M12 3v3M12 18v3M3 12h3M18 12h3']] },
  wheel: {
    label: m('Wheel'),
    shapes: [
      ['circle', 12, 12, 9],
      ['circle', 12, 12, 2],
      ['path', 'M12 10V3M13.9 11.4l6.7-2.2M13.2 13.6l4.1 5.7M10.8 13.6l-4.1 5.7M10.1 11.4L3.4 9.2'],
    ],
  },
  'lug-nut': { label: m('Lug nut'), shapes: [['path', 'M12 3l8 4.5v9L12 21l-8-4.5v-9z'], ['circle', 12, 12, 3]] },
  axle: { label: m('Axle'), shapes: [['path', 'M6 12h12'], ['rect', 2, 7, 4, 10, 1], ['rect', 18, 7, 4, 10, 1]] },
  suspension: { label: m('Suspension'), shapes: [['path', 'M12 2v3M8 5l8 2-8 2 8 2-8 2 8 2-8 2M12 19v3']] },
  brake: { label: m('Brakes'), shapes: [['circle', 12, 13, 8], ['circle', 12, 13, 2], ['path', 'M16 3.5a9.5 9.5 0 0 1 4.5 5.5']] },
  'oil-can': { label: m('Engine oil'), shapes: [['path', 'M3 10h9l3 3 6-4-5 8H5a2 2 0 0 1-2-2zM7 10V7h3M20 16v2']] },
  coolant: {
    label: m('Coolant'),
    shapes: [
      ['path', 'M10 12V5a2 2 0 0 1 4 0v7'],
      ['circle', 12, 14.5, 2.5],
      ['path', 'M3 21c2-1.5 4-1.5 6 0s4 1.5 6 0 4-1.5 6 0'],
    ],
  },
  fuel: {
    label: m('Fuel'),
    shapes: [['path', 'M4 21V5a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v16M3 21h12M4 10h10M14 8h2a2 2 0 0 1 2 2v6a1.5 1.5 0 0 0 3 0V8l-3-3']],
  },
  droplet: { label: m('Fluid'), shapes: [['path', 'M12 3s-6 7-6 11a6 6 0 0 0 12 0c0-4-6-11-6-11z']] },
  water: {
    label: m('Washer fluid'),
    shapes: [['path', 'M7 3s-4 5-4 8a4 4 0 0 0 8 0c0-3-4-8-4-8zM17 11s-3 4-3 6a3 3 0 0 0 6 0c0-2-3-6-3-6z']],
  },
  filter: { label: m('Filter'), shapes: [['path', 'M3 4h18l-7 8v7l-4 2v-9z']] },
  radiator: { label: m('Radiator'), shapes: [['rect', 3, 5, 18, 14, 1], ['path', 'M7 5v14M12 5v14M17 5v14']] },
  engine: { label: m('Engine'), shapes: [['rect', 6, 8, 12, 10, 1], ['path', 'M9 8V5h6v3M3 11v4M6 13H3M18 11h3v4h-3']] },
  'spark-plug': { label: m('Spark plug'), shapes: [['path', 'M12 2v4M9 6h6v4H9zM10 10h4v7h-4zM12 17v3h3']] },
  belt: { label: m('Drive belt'), shapes: [['circle', 7, 13, 4], ['circle', 17, 9, 3], ['path', 'M6.3 9.1L16.4 6.1M8.2 16.8l10.6-5.2']] },
  battery: { label: m('Battery'), shapes: [['rect', 3, 7, 18, 12, 2], ['path', 'M7 7V5h3v2M14 7V5h3v2M6 13h4M8 11v4M14 13h4']] },
  fuse: { label: m('Fuse'), shapes: [['rect', 3, 9, 18, 6, 1], ['path', 'M7 9v6M17 9v6M7 12h10']] },
  plug: { label: m('Electrical plug'), shapes: [['path', 'M9 2v6M15 2v6M6 8h12v4a6 6 0 0 1-12 0zM12 18v4']] },
  power: { label: m('Power'), shapes: [['path', 'M12 2v10M6.3 6.3a8 8 0 1 0 11.4 0']] },
  exhaust: { label: m('Exhaust'), shapes: [['path', 'M2 14h10M2 18h10M12 12h4v8h-4zM18 9c1-1 3-1 4 0M17 5c1-1 3-1 4 0']] },
  hose: { label: m('Hose'), shapes: [['path', 'M4 20c0-6 4-6 8-6s8 0 8-6V4M18 4h4']] },
  'air-tank': { label: m('Air tank'), shapes: [['rect', 3, 8, 18, 8, 4], ['path', 'M8 8v8M16 8v8M12 8V5h3']] },
  car: {
    label: m('Car'),
    shapes: [['path', 'M5 17H3v-5l2-5h14l2 5v5h-2M9.5 17h5M3 12h18'], ['circle', 7.5, 17, 2], ['circle', 16.5, 17, 2]],
  },
  truck: { label: m('Truck'), shapes: truckShapes },
  trailer: { label: m('Trailer'), shapes: trailerShapes },
  door: { label: m('Door'), shapes: [['path', 'M4 21V9l6-6h10v18zM4 11h16M14 15h2']] },
  window: { label: m('Window'), shapes: [['path', 'M3 15l4-8h12v8zM11 7v8']] },
  mirror: { label: m('Mirrors'), shapes: [['ellipse', 10, 11, 8, 5], ['path', 'M18 11h4M7 9l3-1.5']] },
  wiper: { label: m('Wipers'), shapes: [['path', 'M3 19L6 6h12l3 13zM12 19L8 9'], ['circle', 12, 19, 1]] },
  seat: { label: m('Seat'), shapes: [['path', 'M7 3h5a2 2 0 0 1 2 2l-1 9H7zM5 14h12l2 4H5zM8 18v3M16 18v3']] },
  'seat-belt': { label: m('Seat belt'), shapes: [['path', 'M7 21v-8a5 5 0 0 1 10 0v8M8 8l8 10'], ['rect', 13, 14, 4, 3, 0.5]] },
  'steering-wheel': { label: m('Steering wheel'), shapes: [['circle', 12, 12, 9], ['circle', 12, 12, 2], ['path', 'M12 14v7M10 12H3M14 12h7']] },
  horn: { label: m('Horn'), shapes: [['path', 'M3 10v4h3l6 4V6l-6 4zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12']] },
  gauge: { label: m('Gauges'), shapes: [['path', 'M3.5 17a9 9 0 1 1 17 0M12 14l4-5'], ['circle', 12, 14, 1.5]] },
  transmission: { label: m('Transmission'), shapes: [['path', 'M6 4v16M12 4v16M18 4v8H6'], ['circle', 6, 4, 1], ['circle', 12, 4, 1], ['circle', 18, 4, 1]] },
  key: { label: m('Key'), shapes: [['circle', 7.5, 15.5, 4.5], ['path', 'M11 12l9-9M17 6l3 3M15 8l2 2']] },
  lock: { label: m('Lock'), shapes: [['rect', 5, 11, 14, 10, 2], ['path', 'M8 11V7a4 4 0 0 1 8 0v4M12 15v2']] },
  'license-plate': { label: m('License plate'), shapes: [['rect', 2, 7, 20, 10, 2], ['path', 'M6 12h3M11 12h2M15 12h3']] },
  reflector: { label: m('Reflectors'), shapes: [['rect', 4, 4, 16, 16, 2], ['path', 'M12 7l5 5-5 5-5-5z']] },
  'mud-flap': { label: m('Mud flaps'), shapes: [['path', 'M6 3h12v15l-3 3H9l-3-3zM9 8h6M9 12h6']] },
  hitch: { label: m('Hitch'), shapes: [['path', 'M3 14h10M6 14v4'], ['circle', 16, 14, 3]] },
  hook: { label: m('Tow hook'), shapes: [['path', 'M12 3v8a4 4 0 1 1-4 4M9 3h6']] },
  jack: { label: m('Jack'), shapes: [['path', 'M4 21h16M8 21l4-8 4 8M12 13V6M8 6h8']] },
  tools: {
    label: m('Tools'),
    shapes: [['path', 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4zM15 15l5 5']],
  },
  wrench: {
    label: m('Wrench'),
    shapes: [['path', 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z']],
  },
  hammer: { label: m('Hammer'), shapes: [['path', 'M13 5l3-3 6 6-3 3zM14 8L3 19l2 2 11-11']] },
  screwdriver: { label: m('Screwdriver'), shapes: [['path', 'M15 2l7 7-4 4-7-7zM11 10l-8 8 3 3 8-8']] },
  'fire-extinguisher': { label: m('Fire extinguisher'), shapes: [['rect', 8, 8, 8, 13, 2], ['path', 'M12 8V4M12 4h4l3-1M8 4h4']] },
  'first-aid': { label: m('First aid kit'), shapes: [['rect', 3, 6, 18, 14, 2], ['path', 'M9 6V4h6v2M12 10v6M9 13h6']] },
  warning: { label: m('Warning triangle'), shapes: [['path', 'M12 3L2 21h20zM12 10v5M12 18h.01']] },
  shield: { label: m('Safety'), shapes: [['path', 'M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6z']] },
  camera: {
    label: m('Camera'),
    shapes: [['path', 'M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z'], ['circle', 12, 13, 4]],
  },
  video: { label: m('Video'), shapes: [['rect', 2, 6, 14, 12, 2], ['path', 'M16 10l6-3v10l-6-3']] },
  clipboard: { label: m('Clipboard'), shapes: [['rect', 5, 4, 14, 18, 2], ['path', 'M9 4V2h6v2M9 10h6M9 14h6M9 18h4']] },
  checklist: { label: m('Checklist'), shapes: [['path', 'M4 6l2 2 3-3M4 13l2 2 3-3M12 7h8M12 14h8M4 20h16']] },
  document: { label: m('Document'), shapes: [['path', 'M6 2h8l5 5v15H6zM14 2v5h5M9 13h7M9 17h7']] },
  bell: { label: m('Alarm'), shapes: [['path', 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 21h4']] },
  thermometer: { label: m('Temperature'), shapes: [['path', 'M10 14V5a2 2 0 0 1 4 0v9'], ['circle', 12, 17, 3.5]] },
  wind: { label: m('Air'), shapes: [['path', 'M3 8h11a3 3 0 1 0-3-3M3 12h16a3 3 0 1 1-3 3M3 16h7']] },
  snowflake: { label: m('Air conditioning'), shapes: [['path', 'M12 2v20M3.3 7l17.4 10M20.7 7L3.3 17M9 4l3 2 3-2M9 20l3-2 3 2']] },
  sun: {
    label: m('Heating'),
    shapes: [
      ['circle', 12, 12, 4],
      ['path', 'M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4'],
    ],
  },
  gear: {
    label: m('Gear'),
    shapes: [
      ['circle', 12, 12, 3],
      ['circle', 12, 12, 7],
      ['path', 'M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9L7 7M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1'],
    ],
  },
  chain: {
    label: m('Chains'),
    shapes: [['path', 'M10 14a4 4 0 0 1 0-5.7l2.3-2.3a4 4 0 0 1 5.7 5.7l-1.2 1.2M14 10a4 4 0 0 1 0 5.7l-2.3 2.3a4 4 0 0 1-5.7-5.7l1.2-1.2']],
  },
  antenna: { label: m('Antenna'), shapes: [['path', 'M12 9v12M8 21h8M7 4a7 7 0 0 0 0 10M17 4a7 7 0 0 1 0 10'], ['circle', 12, 9, 1.5]] },
  gps: { label: m('GPS'), shapes: [['path', 'M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12z'], ['circle', 12, 9, 2.5]] },
  phone: {
    label: m('Phone'),
    shapes: [['path', 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z']],
  },
  radio: { label: m('Radio'), shapes: [['rect', 2, 8, 20, 13, 2], ['path', 'M6 8l12-5M15 13h3M15 16h3'], ['circle', 8, 14.5, 3]] },
  box: { label: m('Cargo'), shapes: [['path', 'M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10']] },
  pallet: { label: m('Pallet'), shapes: [['path', 'M2 16h20M2 20h20M4 16v4M12 16v4M20 16v4M5 16V8h14v8']] },
  strap: { label: m('Straps'), shapes: [['path', 'M3 12h6M15 12h6M3 9v6M21 9v6'], ['rect', 9, 9, 6, 6, 1]] },
  tarp: { label: m('Tarp'), shapes: [['path', 'M2 8l10-4 10 4v10H2zM2 8c3 2 7 2 10 0s7-2 10 0']] },
  ladder: { label: m('Ladder'), shapes: [['path', 'M7 2v20M17 2v20M7 6h10M7 11h10M7 16h10']] },
  cone: { label: m('Safety cones'), shapes: [['path', 'M9 4h6l4 14H5zM3 21h18M8 9h8M6.5 14h11']] },
  flag: { label: m('Flag'), shapes: [['path', 'M5 21V3M5 4h12l-2 4 2 4H5']] },
  clock: { label: m('Hours'), shapes: [['circle', 12, 12, 9], ['path', 'M12 7v5l3 2']] },
  calendar: { label: m('Calendar'), shapes: [['rect', 3, 5, 18, 16, 2], ['path', 'M3 10h18M8 3v4M16 3v4']] },
  user: { label: m('Driver'), shapes: [['circle', 12, 8, 4], ['path', 'M4 21a8 8 0 0 1 16 0']] },
  'check-circle': { label: m('Check'), shapes: [['circle', 12, 12, 9], ['path', 'M8 12l3 3 5-6']] },
  'fa-truck': { label: m('Truck'), shapes: truckShapes },
  'fa-trailer': { label: m('Trailer'), shapes: trailerShapes },
} satisfies Record<string, IconDefinition>

export type IconName = keyof typeof CATALOGUE

/** Names offered for inspection types and checklist items (the unit type icons are offered apart). */
export const INSPECTION_ICON_NAMES = (Object.keys(CATALOGUE) as IconName[]).filter((name) => !name.startsWith('fa-'))

/** Spec §2 "Unit settings": the fixed Icon list of a unit type. */
export const UNIT_TYPE_ICON_NAMES = ['fa-truck', 'fa-trailer'] as const satisfies readonly IconName[]

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(CATALOGUE, name)
}

/** The human label of an icon name ('oil-can' → 'Engine oil') in the language shown; the name itself when unknown. */
export function iconLabel(name: string): string {
  return isIconName(name) ? tr(CATALOGUE[name].label) : name
}

const fallbackShapes: readonly Shape[] = [['rect', 4, 4, 16, 16, 3]]

function renderShape(shape: Shape, index: number) {
  switch (shape[0]) {
    case 'path':
      return <path key={index} d={shape[1]} />
    case 'circle':
      return <circle key={index} cx={shape[1]} cy={shape[2]} r={shape[3]} />
    case 'ellipse':
      return <ellipse key={index} cx={shape[1]} cy={shape[2]} rx={shape[3]} ry={shape[4]} />
    case 'rect':
      return <rect key={index} x={shape[1]} y={shape[2]} width={shape[3]} height={shape[4]} rx={shape[5] ?? 0} />
  }
}

export interface CatalogueIconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: string
  /** When set the icon is announced with this text; otherwise it is decorative (its name sits beside it). */
  title?: string
}

/** One icon of the catalogue by its stored name. */
export function CatalogueIcon({ name, title, className = 'h-5 w-5', ...rest }: CatalogueIconProps) {
  const shapes = isIconName(name) ? CATALOGUE[name].shapes : fallbackShapes
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
      {...rest}
    >
      {shapes.map(renderShape)}
    </svg>
  )
}
