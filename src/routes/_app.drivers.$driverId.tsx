import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { DriverDetail } from '../features/drivers/driver-detail.tsx'
import { isUnknownRecordError } from '../api/error-message.ts'
import { driverDetailsQuery } from '../features/drivers/driver-details-query.ts'
import { NotFoundPanel } from '../ui/not-found-panel.tsx'
import { RouteError } from '../ui/route-error.tsx'
import { SkeletonList } from '../ui/skeleton-list.tsx'
import { requireOwner } from './-owner-only.ts'
import { t } from '../i18n/translate.ts'

export const Route = createFileRoute('/_app/drivers/$driverId')({
  beforeLoad: ({ context }) => requireOwner(context),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(driverDetailsQuery(params.driverId)),
  pendingComponent: () => <SkeletonList label={t('Loading driver')} />,
  errorComponent: DriverError,
  component: DriverRoute,
})

function DriverRoute() {
  const { driverId } = Route.useParams()
  return <DriverDetail driverId={driverId} />
}

/** An unknown driver gets the spec's not-found answer and a way back; any other failure a Retry. */
function DriverError(props: ErrorComponentProps) {
  if (!isUnknownRecordError(props.error)) return <RouteError {...props} />
  return <NotFoundPanel detail="This driver does not exist, or is no longer one of your drivers." backTo="/drivers" backLabel="Back to Drivers" />
}
