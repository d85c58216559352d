"""What a person sees: the text board, the SVG picture and the terminal's progress line."""
