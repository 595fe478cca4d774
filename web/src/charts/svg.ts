// The SVG namespace: every chart element is created in it, or the browser keeps it in the DOM but draws nothing.
export const svgNs = 'http://www.w3.org/2000/svg';
