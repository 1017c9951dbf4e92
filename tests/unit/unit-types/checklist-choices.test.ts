import { describe, expect, test } from 'vitest'
import { checklistBody, checklistChoices } from '../../../src/features/unit-types/checklist-choices.ts'

const lights = { _id: 'lights', name: 'Lights', icon: 'lights', builtIn: true }
const horn = { _id: 'horn', name: 'Horn', icon: 'horn', builtIn: true }
const kingpin = { _id: 'kingpin', name: 'Kingpin', icon: 'hitch', builtIn: false }

describe('a sub type’s inspection types', () => {
  test('every inspection type is offered, the included ones checked with their kind, others photo', () => {
    const choices = checklistChoices([lights, horn, kingpin], [{ _id: 'horn', name: 'Horn', icon: 'horn', type: 'video' }])
    expect(choices.map(({ inspectionType, included, kind }) => [inspectionType._id, included, kind])).toEqual([
      ['lights', false, 'photo'],
      ['horn', true, 'video'],
      ['kingpin', false, 'photo'],
    ])
  })

  test('only the included types are saved, in list order, each with its kind', () => {
    const choices = checklistChoices([lights, horn, kingpin], [])
    choices[2]!.included = true
    choices[0]!.included = true
    choices[0]!.kind = 'video'
    choices[1]!.kind = 'video'
    expect(checklistBody(choices)).toEqual([
      { _id: 'lights', type: 'video' },
      { _id: 'kingpin', type: 'photo' },
    ])
  })
})
