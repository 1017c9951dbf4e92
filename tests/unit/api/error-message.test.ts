import { describe, expect, test } from 'vitest'
import { errorText, messageFromBody } from '../../../src/api/error-message.ts'

describe('the message shown for a failed call (spec §8 precedence)', () => {
  test('the response message wins over error, errors and the request text', () => {
    const body = { message: 'From message', error: 'From error', errors: ['From', 'errors'] }
    expect(messageFromBody(body, 'Request text')).toBe('From message')
  })

  test('the response error field wins over the errors list when there is no message', () => {
    expect(messageFromBody({ error: 'From error', errors: ['From errors'] }, 'Request text')).toBe('From error')
  })

  test('the errors list is joined with spaces when there is no message or error', () => {
    expect(messageFromBody({ errors: ['Email is required.', 'Password is required.'] }, 'Request text')).toBe(
      'Email is required. Password is required.',
    )
  })

  test('errors given as objects contribute their message text', () => {
    expect(messageFromBody({ errors: [{ message: 'Email is required.' }, { msg: 'Too short.' }] }, 'Request text')).toBe(
      'Email is required. Too short.',
    )
  })

  test('the request error text is used when the body says nothing', () => {
    expect(messageFromBody({}, 'Request text')).toBe('Request text')
    expect(messageFromBody({ message: '', errors: [] }, 'Request text')).toBe('Request text')
    expect(messageFromBody(null, 'Request text')).toBe('Request text')
    expect(messageFromBody('plain text', 'Request text')).toBe('Request text')
  })

  test('any thrown value becomes readable text', () => {
    expect(errorText(new Error('Boom'))).toBe('Boom')
    expect(errorText('Plain')).toBe('Plain')
    expect(errorText(42)).toBe('Something went wrong. Please try again.')
  })
})
