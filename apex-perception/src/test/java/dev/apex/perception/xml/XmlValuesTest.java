package dev.apex.perception.xml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.apex.core.Bounds;
import org.junit.jupiter.api.Test;

class XmlValuesTest {

  @Test
  void boundsAreReadByHandIncludingNegativesAndSpaces() {
    assertThat(XmlValues.bounds("[0,66][1080,242]")).isEqualTo(new Bounds(0, 66, 1080, 242));
    assertThat(XmlValues.bounds("[-5,-10][20, 30]")).isEqualTo(new Bounds(-5, -10, 20, 30));
  }

  @Test
  void malformedBoundsReadAsEmpty() {
    assertThat(XmlValues.bounds(null)).isEqualTo(Bounds.EMPTY);
    assertThat(XmlValues.bounds("")).isEqualTo(Bounds.EMPTY);
    assertThat(XmlValues.bounds("[1,2][3]")).isEqualTo(Bounds.EMPTY);
    assertThat(XmlValues.bounds("[a,b][c,d]")).isEqualTo(Bounds.EMPTY);
    assertThat(XmlValues.bounds("[0,0][99999999999,1]")).isEqualTo(Bounds.EMPTY);
  }

  @Test
  void numbersAcceptDecimalsAndFallBackWhenMalformed() {
    assertThat(XmlValues.number("12.5", 0)).isEqualTo(12.5);
    assertThat(XmlValues.number("-3", 0)).isEqualTo(-3);
    assertThat(XmlValues.number("1e3", 7)).isEqualTo(7);
    assertThat(XmlValues.number(null, 7)).isEqualTo(7);
    assertThat(XmlValues.integer("2", 0)).isEqualTo(2);
    assertThat(XmlValues.integer("2.5", 0)).isZero();
  }
}
