// The signature pad: pen width by pressure (the real perfect-freehand outline), and the PNG export at
// the end of each stroke. jsdom has no canvas, so the pad draws into a recording stand-in for the 2D
// context and its toDataURL; the real canvas is exercised by the e2e tests in Chromium.
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { MAX_PEN_WIDTH, MIN_PEN_WIDTH, penWidthAt, SignaturePad, strokeOutline } from '../../../src/ui/signature-pad.tsx'

/** The widest the outline of a straight horizontal stroke gets, drawn at one pressure. */
function strokeWidthAt(pressure: number): number {
  const points = Array.from({ length: 41 }, (_, index): [number, number, number] => [index * 5, 50, pressure])
  const outline = strokeOutline({ points, simulatePressure: false }, true)
  const ys = outline.map(([, y]) => y)
  return Math.max(...ys) - Math.min(...ys)
}

test('the pen is 0.5 wide with no pressure and 2.5 wide at full pressure', () => {
  expect(strokeWidthAt(0)).toBeCloseTo(MIN_PEN_WIDTH, 2)
  expect(strokeWidthAt(1)).toBeCloseTo(MAX_PEN_WIDTH, 2)
  expect(strokeWidthAt(0.5)).toBeCloseTo(penWidthAt(0.5), 2)
  expect(penWidthAt(0.5)).toBe(1.5)
  expect(penWidthAt(3)).toBe(MAX_PEN_WIDTH)
})

interface RecordedInk {
  fills: number
  points: [number, number][]
  texts: string[]
}

let ink: RecordedInk
const PNG = 'data:image/png;base64,iVBORw0KGgo='

beforeEach(() => {
  ink = { fills: 0, points: [], texts: [] }
  const context = {
    fillStyle: '',
    setTransform: () => undefined,
    fillRect: () => undefined,
    clearRect: () => undefined,
    drawImage: () => undefined,
    beginPath: () => undefined,
    closePath: () => undefined,
    moveTo: (x: number, y: number) => ink.points.push([x, y]),
    lineTo: (x: number, y: number) => ink.points.push([x, y]),
    fill: () => {
      ink.fills++
    },
    font: '',
    textBaseline: '',
    fillText: (text: string) => {
      ink.texts.push(text)
    },
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => context) as unknown as HTMLCanvasElement['getContext'])
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation((type?: string) => (type === 'image/png' ? PNG : 'data:,'))
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** A pointer event as Chromium sends it (jsdom has no PointerEvent class). */
function pointer(type: string, x: number, y: number, pointerType = 'mouse'): MouseEvent {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0 })
  return Object.assign(event, { pointerId: 1, pointerType, pressure: 0.5 })
}

function renderPad(onChange = vi.fn<(signature: string | null) => void>()) {
  render(<SignaturePad label="Customer, Sign Below" value={null} onChange={onChange} />)
  return { onChange, pad: screen.getByRole('img', { name: 'Customer, Sign Below' }) }
}

test('a stroke is exported as a PNG data URL when it ends, not while it is drawn', () => {
  const { onChange, pad } = renderPad()
  fireEvent(pad, pointer('pointerdown', 10, 20))
  fireEvent(pad, pointer('pointermove', 40, 30))
  fireEvent(pad, pointer('pointermove', 80, 25))
  expect(onChange).not.toHaveBeenCalled()
  fireEvent(pad, pointer('pointerup', 80, 25))
  expect(onChange).toHaveBeenCalledTimes(1)
  expect(onChange).toHaveBeenCalledWith(PNG)
  expect(HTMLCanvasElement.prototype.toDataURL).toHaveBeenCalledWith('image/png')
})

test('the ink follows the pointer', () => {
  const { pad } = renderPad()
  fireEvent(pad, pointer('pointerdown', 10, 20, 'pen'))
  fireEvent(pad, pointer('pointermove', 60, 20, 'pen'))
  fireEvent(pad, pointer('pointerup', 60, 20, 'pen'))
  expect(ink.fills).toBeGreaterThan(0)
  const xs = ink.points.map(([x]) => x)
  const ys = ink.points.map(([, y]) => y)
  // Within a pen's width of the line from (10, 20) to (60, 20), and reaching both ends of it.
  expect(Math.min(...xs)).toBeGreaterThan(10 - MAX_PEN_WIDTH)
  expect(Math.min(...xs)).toBeLessThan(10 + MAX_PEN_WIDTH)
  expect(Math.max(...xs)).toBeLessThan(60 + MAX_PEN_WIDTH)
  expect(Math.max(...xs)).toBeGreaterThan(60 - MAX_PEN_WIDTH)
  expect(Math.max(...ys.map((y) => Math.abs(y - 20)))).toBeLessThanOrEqual(MAX_PEN_WIDTH)
})

test('every stroke exports the whole pad again', () => {
  const { onChange, pad } = renderPad()
  for (const y of [20, 40]) {
    fireEvent(pad, pointer('pointerdown', 10, y, 'touch'))
    fireEvent(pad, pointer('pointermove', 50, y, 'touch'))
    fireEvent(pad, pointer('pointerup', 50, y, 'touch'))
  }
  expect(onChange).toHaveBeenCalledTimes(2)
})

test('Clear empties the pad and reports no signature', () => {
  const { onChange, pad } = renderPad()
  fireEvent(pad, pointer('pointerdown', 10, 20))
  fireEvent(pad, pointer('pointerup', 30, 20))
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
  expect(onChange).toHaveBeenLastCalledWith(null)
})

test('a right-click does not draw', () => {
  const { onChange, pad } = renderPad()
  const rightClick = Object.assign(new MouseEvent('pointerdown', { bubbles: true, clientX: 5, clientY: 5, button: 2 }), { pointerId: 1, pointerType: 'mouse', pressure: 0.5 })
  fireEvent(pad, rightClick)
  fireEvent(pad, pointer('pointerup', 5, 5))
  expect(onChange).not.toHaveBeenCalled()
})

test("a late echo of the pad's own earlier export keeps the strokes drawn since", () => {
  let exports = 0
  vi.mocked(HTMLCanvasElement.prototype.toDataURL).mockImplementation(() => `data:image/png;base64,stroke${++exports}`)
  const onChange = vi.fn<(signature: string | null) => void>()
  const { rerender } = render(<SignaturePad label="Sign Below" value={null} onChange={onChange} />)
  const pad = screen.getByRole('img', { name: 'Sign Below' })
  const stroke = (y: number) => {
    fireEvent(pad, pointer('pointerdown', 10, y))
    fireEvent(pad, pointer('pointermove', 60, y))
    fireEvent(pad, pointer('pointerup', 60, y))
  }
  stroke(20)
  stroke(40)
  // The save of the first stroke comes back only now, after the second stroke.
  rerender(<SignaturePad label="Sign Below" value="data:image/png;base64,stroke1" onChange={onChange} />)
  fireEvent(pad, pointer('pointerdown', 10, 60))
  const before = ink.fills
  fireEvent(pad, pointer('pointerup', 60, 60))
  // The redraw at the stroke's end fills every stroke on the pad: all three are still there.
  expect(ink.fills - before).toBe(3)
  expect(onChange).toHaveBeenLastCalledWith('data:image/png;base64,stroke3')
})

test('a signature saved earlier replaces what is drawn', () => {
  const onChange = vi.fn<(signature: string | null) => void>()
  const { rerender } = render(<SignaturePad label="Sign Below" value={null} onChange={onChange} />)
  const pad = screen.getByRole('img', { name: 'Sign Below' })
  fireEvent(pad, pointer('pointerdown', 10, 20))
  fireEvent(pad, pointer('pointerup', 60, 20))
  rerender(<SignaturePad label="Sign Below" value="data:image/png;base64,fromAnotherDevice" onChange={onChange} />)
  fireEvent(pad, pointer('pointerdown', 10, 40))
  const before = ink.fills
  fireEvent(pad, pointer('pointerup', 60, 40))
  // Only the new stroke is ink; the earlier one went with the replaced picture.
  expect(ink.fills - before).toBe(1)
})

test('a name typed on the keyboard signs: it is written on the pad and exported as the PNG', () => {
  const { onChange } = renderPad()
  const button = screen.getByRole('button', { name: 'Sign with typed name' })
  expect(button).toHaveProperty('disabled', true)
  fireEvent.change(screen.getByLabelText('Or type your name to sign'), { target: { value: '  Maria Lopez ' } })
  fireEvent.click(button)
  expect(ink.texts).toEqual(['Maria Lopez'])
  expect(onChange).toHaveBeenCalledWith(PNG)
})
