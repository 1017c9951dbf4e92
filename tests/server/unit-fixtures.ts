// Units, unit types and sub types written straight to the database, so a test of one route does not
// depend on the routes that would otherwise create them.
import { units, unitSubTypes, unitTypes, type UnitStatus } from '../../server/db/schema.ts'
import { eq } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'

let serial = 0
const next = () => `${Date.now().toString(36).toUpperCase()}${(serial++).toString(36).toUpperCase()}`

export interface TypeFixture {
  typeId: string
  subTypeId: string
}

/** 'Truck', or 'Truck 2', 'Truck 3' … once taken: type names are unique in a company. */
async function freeTypeName(db: Db, companyId: string): Promise<string> {
  const taken = new Set((await db.select({ name: unitTypes.name }).from(unitTypes).where(eq(unitTypes.companyId, companyId))).map((row) => row.name.toLowerCase()))
  let name = 'Truck'
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `Truck ${n}`
  return name
}

export async function insertUnitType(
  db: Db,
  companyId: string,
  options: { name?: string; icon?: string; isDefault?: boolean; subTypeName?: string; changeOil?: boolean } = {},
): Promise<TypeFixture> {
  const [type] = await db
    .insert(unitTypes)
    .values({ companyId, name: options.name ?? (await freeTypeName(db, companyId)), icon: options.icon ?? 'fa-truck', isDefault: options.isDefault ?? false })
    .returning()
  const [subType] = await db
    .insert(unitSubTypes)
    .values({
      unitTypeId: type!.id,
      companyId,
      name: options.subTypeName ?? 'Box truck',
      isDefault: true,
      changeOil: options.changeOil ?? true,
    })
    .returning()
  return { typeId: type!.id, subTypeId: subType!.id }
}

export async function insertUnit(
  db: Db,
  companyId: string,
  type: TypeFixture,
  options: { vin?: string; status?: UnitStatus; driverId?: string | null; unitNumber?: string } = {},
): Promise<string> {
  const [row] = await db
    .insert(units)
    .values({
      companyId,
      unitNumber: options.unitNumber ?? `U-${next()}`,
      vin: options.vin ?? `VIN${next()}`.slice(0, 17),
      make: 'Freightliner',
      model: 'Cascadia',
      year: 2020,
      status: options.status ?? 'Available',
      unitTypeId: type.typeId,
      unitSubTypeId: type.subTypeId,
      driverId: options.driverId ?? null,
    })
    .returning({ id: units.id })
  return row!.id
}

/** A valid unit form body for the given type; override any field. */
export function unitBody(type: TypeFixture, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    unitNumber: `T-${next()}`,
    vin: `1FU${next()}`.slice(0, 17),
    make: 'Volvo',
    model: 'VNL 860',
    year: 2022,
    plate_number: 'ABC-1234',
    unitTypeId: type.typeId,
    unitSubTypeId: type.subTypeId,
    ...overrides,
  }
}
