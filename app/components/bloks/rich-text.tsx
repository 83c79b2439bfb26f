import { Fragment, type ReactNode } from 'react'

import { editable, isSafeHref, text } from '~/lib/content/blok-fields'
import type { Blok } from '~/lib/content/types'

import { SmartLink } from './smart-link'

type Mark = { type: string; attrs?: Record<string, unknown> }
type RichNode = {
  type: string
  text?: string
  marks?: Mark[]
  attrs?: Record<string, unknown>
  content?: RichNode[]
}

/**
 * Storyblok rich text (its ProseMirror JSON) as React elements. Only known node and mark types
 * render, and text is always text: CMS content can't inject markup or script URLs. A plain string
 * renders as paragraphs.
 */
export function RichText({ doc, className }: { doc: unknown; className?: string }) {
  if (typeof doc === 'string') {
    const paragraphs = doc
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
    return (
      <div className={className}>
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    )
  }
  if (!isNode(doc)) return null
  return <div className={className}>{renderChildren(doc)}</div>
}

/** The `rich_text` blok: a section of formatted text. */
export function RichTextBlok({ blok }: { blok: Blok }) {
  const title = text(blok.title)
  return (
    <section className="rich-text-blok container" {...editable(blok)}>
      {title ? <h2>{title}</h2> : null}
      <RichText doc={blok.text} className="prose" />
    </section>
  )
}

function isNode(value: unknown): value is RichNode {
  return Boolean(value) && typeof value === 'object' && typeof (value as RichNode).type === 'string'
}

function renderChildren(node: RichNode): ReactNode {
  return (node.content ?? [])
    .filter(isNode)
    .map((child, i) => <Fragment key={i}>{renderNode(child)}</Fragment>)
}

function renderNode(node: RichNode): ReactNode {
  const children = renderChildren(node)
  switch (node.type) {
    case 'text':
      return (node.marks ?? []).reduce<ReactNode>(
        (inner, mark) => applyMark(mark, inner),
        node.text ?? '',
      )
    case 'paragraph':
      return <p>{children}</p>
    case 'heading': {
      const level = Math.min(6, Math.max(2, Number(node.attrs?.level) || 2))
      const Tag = `h${level}` as 'h2'
      return <Tag>{children}</Tag>
    }
    case 'bullet_list':
      return <ul>{children}</ul>
    case 'ordered_list':
      return <ol>{children}</ol>
    case 'list_item':
      return <li>{children}</li>
    case 'blockquote':
      return <blockquote>{children}</blockquote>
    case 'code_block':
      return (
        <pre>
          <code>{children}</code>
        </pre>
      )
    case 'horizontal_rule':
      return <hr />
    case 'hard_break':
      return <br />
    case 'image': {
      const src = typeof node.attrs?.src === 'string' ? node.attrs.src : ''
      if (!src || !isSafeHref(src)) return null
      return (
        <img
          src={src}
          alt={typeof node.attrs?.alt === 'string' ? node.attrs.alt : ''}
          loading="lazy"
        />
      )
    }
    default:
      // Unknown node types (embedded bloks, emoji...) keep their text, never their markup.
      return children
  }
}

function applyMark(mark: Mark, inner: ReactNode): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong>{inner}</strong>
    case 'italic':
      return <em>{inner}</em>
    case 'underline':
      return <u>{inner}</u>
    case 'strike':
      return <s>{inner}</s>
    case 'code':
      return <code>{inner}</code>
    case 'superscript':
      return <sup>{inner}</sup>
    case 'subscript':
      return <sub>{inner}</sub>
    case 'link': {
      const attrs = mark.attrs ?? {}
      let href = typeof attrs.href === 'string' ? attrs.href.trim() : ''
      if (attrs.linktype === 'email' && href && !href.startsWith('mailto:')) href = `mailto:${href}`
      if (attrs.linktype === 'story' && href && !href.startsWith('/')) href = `/${href}`
      if (typeof attrs.anchor === 'string' && attrs.anchor) href += `#${attrs.anchor}`
      return href && isSafeHref(href) ? <SmartLink href={href}>{inner}</SmartLink> : inner
    }
    default:
      return inner
  }
}
