-- Built-in inspection types (company_id null): offered to every company. Fixed ids so sub types,
-- demo data and tests can refer to them; server/units/built-in-inspection-types.ts names the same ids.
INSERT INTO "inspection_types" ("id", "company_id", "name", "icon") VALUES
  ('b1a7e000-0000-4000-8000-000000000001', NULL, 'Lights', 'lights'),
  ('b1a7e000-0000-4000-8000-000000000002', NULL, 'Tire Pressure & Condition', 'tire'),
  ('b1a7e000-0000-4000-8000-000000000003', NULL, 'Engine Oil', 'oil-can'),
  ('b1a7e000-0000-4000-8000-000000000004', NULL, 'Coolant level', 'coolant'),
  ('b1a7e000-0000-4000-8000-000000000005', NULL, 'Brakes', 'brake'),
  ('b1a7e000-0000-4000-8000-000000000006', NULL, 'Mirrors', 'mirror'),
  ('b1a7e000-0000-4000-8000-000000000007', NULL, 'Horn', 'horn'),
  ('b1a7e000-0000-4000-8000-000000000008', NULL, 'Wipers', 'wiper'),
  ('b1a7e000-0000-4000-8000-000000000009', NULL, 'Battery', 'battery'),
  ('b1a7e000-0000-4000-8000-00000000000a', NULL, 'Seat Belt', 'seat-belt')
ON CONFLICT ("id") DO NOTHING;
