// The pre-trip guide page (spec §2 "Pre-trip guide page"): how to check a unit before driving, in
// English and Russian, as collapsible guides with the checklist — tires, lights, engine oil, coolant,
// power steering — and a short video; 'Let's Start' goes to the units to pick one.
import { Link } from '@tanstack/react-router'
import { CatalogueIcon } from '../../ui/icon-catalogue.tsx'
import { activeLocale, m, t, tr } from '../../i18n/translate.ts'

interface GuideStep {
  icon: string
  title: string
  text: string
}

interface Guide {
  /** 'en': the spec's English guide, its texts marked for the catalogs and shown in the app's language. 'ru': the spec's Russian guide, as written. */
  lang: string
  summary: string
  intro: string
  steps: GuideStep[]
}

const GUIDES: Guide[] = [
  {
    lang: 'en',
    summary: m('Pre-trip inspection guide (English)'),
    intro: m('Walk around the unit before every trip. Park on level ground, set the brakes and stop the engine before you start.'),
    steps: [
      {
        icon: 'tire',
        title: m('Tires'),
        text: m('Check the pressure of every tire with a gauge against the sticker on the door. Look for cuts, bulges and uneven wear; tread at least 4/32" on steer tires and 2/32" on the others. Make sure no lug nut is loose or missing.'),
      },
      {
        icon: 'lights',
        title: m('Lights'),
        text: m('Turn on the low and high beams, turn signals, hazards, brake lights, clearance and marker lights. Every lamp works, no lens is cracked, and the reflectors are clean.'),
      },
      {
        icon: 'oil-can',
        title: m('Engine oil'),
        text: m('With the engine off for a few minutes, pull the dipstick, wipe it and check again: the level sits between the marks. Look under the engine for fresh leaks.'),
      },
      {
        icon: 'coolant',
        title: m('Coolant'),
        text: m('Check the level in the reservoir while the engine is cold — between MIN and MAX. Never open the radiator cap of a hot engine.'),
      },
      {
        icon: 'steering-wheel',
        title: m('Power steering'),
        text: m('Check the fluid level at the mark and the hoses for leaks. With the engine running, the wheel turns smoothly with no more than about 10 degrees of free play.'),
      },
    ],
  },
  {
    lang: 'ru',
    summary: 'Руководство по предрейсовому осмотру (Русский)',
    intro: 'Обходите машину перед каждым рейсом. Поставьте её на ровное место, включите стояночный тормоз и заглушите двигатель.',
    steps: [
      {
        icon: 'tire',
        title: 'Шины',
        text: 'Проверьте давление в каждой шине манометром по табличке на двери. Ищите порезы, грыжи и неравномерный износ; протектор не меньше 4/32" на рулевых шинах и 2/32" на остальных. Убедитесь, что все колёсные гайки на месте и затянуты.',
      },
      {
        icon: 'lights',
        title: 'Освещение',
        text: 'Включите ближний и дальний свет, поворотники, аварийку, стоп-сигналы, габаритные и контурные огни. Все лампы горят, рассеиватели целы, отражатели чистые.',
      },
      {
        icon: 'oil-can',
        title: 'Моторное масло',
        text: 'Через несколько минут после остановки двигателя выньте щуп, протрите его и проверьте снова: уровень между метками. Посмотрите, нет ли свежих подтёков под двигателем.',
      },
      {
        icon: 'coolant',
        title: 'Охлаждающая жидкость',
        text: 'Проверяйте уровень в расширительном бачке на холодном двигателе — между MIN и MAX. Никогда не открывайте крышку радиатора на горячем двигателе.',
      },
      {
        icon: 'steering-wheel',
        title: 'Гидроусилитель руля',
        text: 'Уровень жидкости у метки, шланги без подтёков. На работающем двигателе руль вращается плавно, свободный ход не больше примерно 10 градусов.',
      },
    ],
  },
]

/** The guide's video; a short walk-around, served from public/ and kept by the service worker after its first view (sw/guide-video.ts). */
export const GUIDE_VIDEO_SRC = '/videos/pretrip-guide.webm'
export const GUIDE_VIDEO_POSTER = '/images/pretrip-guide-poster.svg'

/** The English guide in the language shown (its `lang` too); the Russian one stays as the spec has it. */
function shownGuide(guide: Guide): Guide & { key: string } {
  if (guide.lang !== 'en') return { ...guide, key: guide.lang }
  return {
    key: 'en',
    lang: activeLocale(),
    summary: tr(guide.summary),
    intro: tr(guide.intro),
    steps: guide.steps.map((step) => ({ icon: step.icon, title: tr(step.title), text: tr(step.text) })),
  }
}

export function PretripGuide() {
  return (
    <div className="flex flex-col gap-5">
      <figure className="flex flex-col gap-2">
        {/* A silent walk-around with its steps written on screen: there is no speech to caption. */}
        {/* oxlint-disable-next-line jsx-a11y/media-has-caption */}
        <video
          controls
          playsInline
          preload="none"
          poster={GUIDE_VIDEO_POSTER}
          aria-label={t('Pre-trip walk-around video')}
          className="aspect-video w-full max-w-3xl rounded-lg bg-slate-900"
        >
          <source src={GUIDE_VIDEO_SRC} type="video/webm" />
        </video>
        <figcaption className="text-sm text-slate-600 dark:text-slate-300">
          {t('The walk-around in five checks: tires, lights, engine oil, coolant and power steering. Once played, the video stays on this device and plays offline too.')}
        </figcaption>
      </figure>

      {GUIDES.map(shownGuide).map((guide) => (
        <details key={guide.key} lang={guide.lang} className="group rounded-lg border border-slate-200 bg-white shadow-sm dark:border-strokedark dark:bg-boxdark">
          <summary className="flex min-h-12 cursor-pointer items-center gap-3 px-4 py-3 font-semibold">{guide.summary}</summary>
          <div className="flex flex-col gap-4 border-t border-slate-200 px-4 py-4 dark:border-strokedark">
            <p>{guide.intro}</p>
            <ol className="flex flex-col gap-3">
              {guide.steps.map((step, index) => (
                <li key={step.icon} className="flex gap-3">
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                    <CatalogueIcon name={step.icon} className="h-5 w-5" />
                  </span>
                  <div>
                    <h3 className="font-semibold">
                      {index + 1}. {step.title}
                    </h3>
                    <p className="text-sm text-slate-600 dark:text-slate-300">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </details>
      ))}

      <Link
        to="/units"
        className="inline-flex min-h-12 items-center justify-center self-start rounded-lg bg-primary px-5 py-3 font-medium text-white hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        {t("Let's Start")}
      </Link>
    </div>
  )
}
