// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '../../../test/render-route'

import type { Blok as BlokData } from '~/lib/content/types'

import { assetSize } from './asset-image'
import { Blok } from './registry'

const story = (file: string) =>
  JSON.parse(readFileSync(path.join('content', file), 'utf8')) as {
    story: { content: { body?: BlokData[]; image?: { filename: string; alt: string } } }
  }

describe('pictures in the content', () => {
  it('shows the home hero’s illustration with its alt text, sized before it loads', () => {
    const hero = story('home.json').story.content.body!.find((b) => b.component === 'hero')!
    renderRoute(<Blok blok={hero} />)
    const image = screen.getByRole('img', { name: /windpomp/ })
    expect(image).toHaveAttribute('src', '/content/1200x900/hero-karoo-stoep.svg')
    expect(image).toHaveAttribute('width', '1200')
    expect(image).toHaveAttribute('height', '900')
    expect(image).toHaveAttribute('loading', 'eager')
  })

  it('shows no picture for a hero without one', () => {
    renderRoute(<Blok blok={{ _uid: 'h', component: 'hero', headline: 'Plain' }} />)
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('gives every news story a picture that exists and a body of several paragraphs', () => {
    for (const file of [
      'faster-delivery-to-the-northern-cape',
      'heritage-day-gift-guide',
      'meet-the-makers-nieu-bethesda',
      'spring-pantry-arrivals',
      'winter-reading-list',
    ]) {
      const content = story(`news/${file}.json`).story.content as unknown as {
        image: { filename: string; alt: string }
        body: { content: { type: string }[] }
      }
      expect(content.image.alt.length, file).toBeGreaterThan(20)
      expect(readFileSync(path.join('public', content.image.filename), 'utf8')).toContain('<svg')
      const paragraphs = content.body.content.filter((node) => node.type === 'paragraph')
      expect(paragraphs.length, file).toBeGreaterThanOrEqual(3)
    }
  })

  it('reads the size from the asset’s path, as Storyblok writes it', () => {
    expect(assetSize('https://a.storyblok.com/f/123/1600x900/abc/name.jpg')).toEqual({
      width: 1600,
      height: 900,
    })
    expect(assetSize('/favicon.svg')).toBeNull()
  })
})
