/*
 * speed_openssl_pk.c - the public-key rows of the "openssl" engine of
 * `ember speed` (speed_openssl.c): EVP_PKEY_sign of a 36-byte (RSA,
 * PKCS#1 v1.5) or 20-byte (DSA, ECDSA) digest and EVP_PKEY_verify;
 * EVP_PKEY_derive with a peer set once (ECDH, X25519); EVP_DigestSign and
 * EVP_DigestVerify of 20 bytes (Ed25519): what openssl speed 3.0 times,
 * with fixed test keys (PEM text and RFC keys below) in place of the keys
 * it generates before timing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/ed25519.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "ossl.h"
#include "speed_openssl_pk.h"


/*
 * Fixed test keys, generated for this engine with `openssl genpkey` (DSA
 * 512, which OpenSSL 3 no longer generates, from its FIPS 186 parameter
 * construction by a small script). Test keys only: they are public.
 */
static const char pem_rsa512[] =
	"-----BEGIN PRIVATE KEY-----\n"
	"MIIBUwIBADANBgkqhkiG9w0BAQEFAASCAT0wggE5AgEAAkEAyaEDCivXO3ufPbx+\n"
	"H8IMxmwLhw8w1z1lYNVIrJBtsawsTqFJcHGP8OWU73kStFJNb+9X3iSztXnDwIej\n"
	"9TiF+wIDAQABAkBR6eDzQ+ZYGxwRl79hpZNNFV4Fi61a9G14To4M1UxLTp6WKOsY\n"
	"b+oAnPY41gJQT3T/m/pWNSdpTfObf9Ij6flBAiEA/lYNROTdUfqxFuA2q2EQ6LvN\n"
	"/hCI4hZkb+hUazvzLyECIQDK8rBeuJsrlRWDr7P8BLtUAG9xzOvZLKbD5MgzQVxd\n"
	"mwIgfeqgeyFLqVCR6B9tMX/G3VJNc6FAA57ObtD5KnXtucECIGNeqx7l8wxG5g7h\n"
	"hBYc1wBNakPlW4GtzEXUinYWRbyLAiBsAWrH4U6zF9Ku0B9Tj0fxeFw/3IKINrW+\n"
	"77Tg15wD8Q==\n"
	"-----END PRIVATE KEY-----\n";

static const char pem_rsa1024[] =
	"-----BEGIN PRIVATE KEY-----\n"
	"MIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBAKT8/9BUfPOUPTdT\n"
	"a7oS9qhmtQlf55qNupgTUnOat1KJhX/DZ6DwJQyMAeOmUlmO1a6LYlj5xelSNDA3\n"
	"b7FpPHQ12uur8W994ME1RKUyoLEIhlF2+sI/6sXiD5RR9oPrK6/0RvdV4nhn1sij\n"
	"mwsQug31Sw+eqL3AcN4d6QbWdol3AgMBAAECgYBIIYQFpKpsI2cQBRyX4SqNPTnw\n"
	"u0kaPNRTID9v4zg6kX0X+moX5mWMMrmwuUpPdS7efHmmxKxN8W53lgTy3ztaLxpT\n"
	"pbiE4KT31oWJ9QPBwgqgrhXdkfeSQs/LgoGpkOBgxKhDByQiPYK7/YnpODpzofi+\n"
	"70PT7RmfEDpjABwzYQJBANpG7PW4RXzACYGa/mV6fJXeIMOa3eJgYDxJoQJJDTL+\n"
	"C7CUnOkzvEKCauUqiKABOiSmA7Hw07xICs7T4ckLRlsCQQDBgHTvzDUuLa/Fst41\n"
	"x0G6D3ztEhdCcKmseU4IVOa9PGMjajv65Xme1YzPXOZZGe6dmxE2x/ff8RtFa4iH\n"
	"MIwVAkAH8KyOA7YDY7j0zf6TEnGVwg7PDsMjiP33M3Z37tBcGoGyWrWahhdDFBtv\n"
	"Wqy9pU3IJ4Ha5zfMkZJTE8IS3iYhAkAySbgaOe/4OFdeAcZOI6KpQC0vT2xMEAuI\n"
	"j14APFBbDb6WDZ3Y7ppU9RrLKVGUBnFE9G/c1MtOn9J+kBvDRpKhAkEA0SXxap1R\n"
	"lNbecJyKsQ3V73+RxtKINLz+Hg5gDdTctDyb7WxwIqbsESAwJ1uJSLf7bWT262cB\n"
	"z0RzGMI3zCvI4A==\n"
	"-----END PRIVATE KEY-----\n";

static const char pem_rsa2048[] =
	"-----BEGIN PRIVATE KEY-----\n"
	"MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDIRvfCd8hgobxR\n"
	"IPPuHbkrhjE7cdNvpA6F6XMig8U2kCtbaXjWVVLEMt+lC6miGzxMB20VVz2e/L1u\n"
	"D69VbSa3kRHBrOPvwxzY4NR4QJW1ZK/kMYIxrQd+NJ3EnXIfg7DbHb0WVKF3NbYb\n"
	"AZWn/7c+wbSZIkuayC9O7fcFnxp5l7JkxZs+7eZ4mP6NDLgT5dkspDlAle87NAMq\n"
	"c5MhqHVXYZBrRBKIWKYvNLyuuGhT5kV1kgeJ+lIzllPRFuhTuoTEalGQczV0bN58\n"
	"rowk/WTB4wREh9dGpe9v+pQvAR+NJnZqoBrKPse/tdhY8wGR3ieBBl4z9Il1SeSf\n"
	"REXw5OSTAgMBAAECggEAMeT0Pn9m7SP97Vw/SPggtIYm579QxIRjldr18whO7mv2\n"
	"UTyyfPsetoBSFSUVqqwMVoiXFXT5hg1DCBNiQ+8AcUTz3oM6+fVqz2EbraWxZlJi\n"
	"O4BWBhgsQLXNBDmRP+an/b6n59NHspIv/wRjC0p6lWjenDPeD/6FQq2oF79uchH2\n"
	"3kW/PnKuHZ8snIWdQC3ltFBELehr0RNfRLY2xaJkrhvrh13YOX32MHM7bM8iRiNh\n"
	"+zv96B6PKvIc4qXOYqH8khDYjByvxLWzZquNAVWtupkWUNqLg9wiCZnBfPEsipLr\n"
	"zjh7HSTZR8oFopb9G8O3hw98IJrqfH6G75MR3O4HyQKBgQDqEnTK1sFkFQbtjC8j\n"
	"VfNmg//nErKn7cWkWdR/sRezdNSNPbYO+1wp1vZ/ejdxJYA/BrWeyuQCry55LX/C\n"
	"tawJ2TLn9BQW3p6O5SIZ7MeAsRgirchVHjoUDDyC9/zSWJKWAtw8fcjmuI0+8D+v\n"
	"X9230c3ZFFKEiVFzgWbGVwDB1QKBgQDbCgn7QY5rVdSrY5SYpkDA3XN4s3/f31ON\n"
	"jem7/0s2sJIZJ/uOv5zUbQsUI8PSZIufcKofZVB+L/ODsx41xrEvA2dJzDTJXFE7\n"
	"wGUEZty0YTc+ca8OB1/VFzK4wXDwBpkThLiC2ILCzbA0fF5Xt+hlGrAu8oWrToQn\n"
	"1C/bM3lYxwKBgQCbIe5L/PchSJpV1+Hp7m4p1HRHBmpnx7uEyJCArLNDmbvBfFPs\n"
	"LAWSKUknha23DJ6ppt26R0fEy6vmXhRdzKAfytblSiwCWDsIA66NNhOnJDgVy82J\n"
	"NEZTwSRdvNPP6SoFyBGE+eyrlUbvnrTmm4fL634dUE28T3IvNmUSMNlsnQKBgQCp\n"
	"+bNfODM11ghP69m/T5yGThMyglDkQKDNA2hzTBxo10K4pM9Qqh8gtXHYchye4wl6\n"
	"c+qArJV3JuzYsaHq50JOEl0P5pi7/ZjIPnfln5D7pUlCeuP2hgB3EyZ4OxzSFryp\n"
	"ad/pIezvEMEBKdXoSj3cX4aDGA5krmxdoAp3Fw2+twKBgEdctnZMoFLKU0+AkO5c\n"
	"pyCAdx8RQTFfVcWe0qhu0bosHeIdY8fO8AeGSSVBbq2pTZ457gDf7ZtxdAS3y1JH\n"
	"/D2stvYTAcdIeCA9mBHquePb3RvL+W6ulSL7My2vFFjLTU7yTkyqwqX1NQwe34iC\n"
	"H4FioOwE5cSo1dzydjwagEzI\n"
	"-----END PRIVATE KEY-----\n";

static const char pem_rsa3072[] =
	"-----BEGIN PRIVATE KEY-----\n"
	"MIIG/wIBADANBgkqhkiG9w0BAQEFAASCBukwggblAgEAAoIBgQC+iTEzvDyds1T/\n"
	"qt+7F3nrQDoRiQk1KeNhdtcK3j13Zo3aragxDofDPkyPq3gyR98U9EUXsRUnYjaA\n"
	"hraZceliaGfLgrWFxsTRL66lB7Giz8Fg/7IDt7iPI5ABdaFW6yMulDXAKm7EexNQ\n"
	"LX4fw9lhJqYbAuVGsB2E6I8HakgJ7U0mQjsmqQzSwUOC04pSSoGiFx6MLQWVuFqQ\n"
	"+V3gXFNWC6cn174nsp2y17JnAFznN90IcmbSkfEszkEVIYIGoTgL0ZUV7xqqeWte\n"
	"27JZrsvnGtV/K4OzqndHpnQDz1nyz9moMKbvQRMoHBCo2mS44G9MtoOPiQoxQjIp\n"
	"Z/6UArrkb1IctSmPlw5csY9RtjhpMWKy++vfjXw66EBUb0L/sBnjGSjn64G0H0fd\n"
	"VJM1VsS9sUv8k6G/3TjSMSCPAqPSG7ScnGOZGHQ7Ch8eSJVDVsV/gzjQnWnfAdan\n"
	"oNiMkhBi+UFUufLuzepnE8fMHVFs0aVfNvKNWDwjIgE5MWa1KLECAwEAAQKCAYAj\n"
	"dgqhd5Lrgc0bwUxe+HVRLpSwH0pGqfte8ByBMhAMCRr1HFVdffgQAygCJDZcW0p+\n"
	"TqEOUf+fIxUEMi5JXC1EyqwosPTCR1ZpnV96aPZrWBHEUQprTTXs9AAw+VjUAbK8\n"
	"UEq5r1wKtuJHDZR36n4qaeRHyi/sSkpQKm02QtZR/Keba3+xSAyyK9R6BI9tld7P\n"
	"EVD240kzDorSiQqq/1vmO4h6bpl+L2zQtHrIV0WzJc8+K3aOEanqfh+YRHJ78+SU\n"
	"3W39M6UOKttK1SXRUJIK4grsANdeZrlUSyjGO9gy+5j0SKt+wdOuUQrduEmA9NUz\n"
	"YLhnGtHJ2zfotJGn6Y1WKr1nXWqxr5s3kno1MLhSUINNUnpe+W+47S/fkKrSqM4p\n"
	"wRvJQYsOBufk0M24QfA13jMSc82Vooqtg4Y1l9b2cplFFkvsCRYqyO26sJPNHGFf\n"
	"otisN2m5Xy1y+8RWbEGZwUqkAHsLo/p/aML/TQjpw+jkyFLTiCiMp5qu7NzbTc0C\n"
	"gcEA+fe9T6NbJR9YCgbsE4k2NOL+Wkw46khJTmJYuULKpVCSWj0m7irEyHTTq2RF\n"
	"nexdnViFZPrxNawhENfrCCWVZM7tFONvs7SqB18PyUXZBSn6NkP3hU/3fL7pNVfl\n"
	"9IZ4Rjaq6TbSel4ChMy7V9MKG2ePrtWLJLpkUFsp10PiUyw4dkoCozhgf0DDr0Ss\n"
	"kpvc/9DabWd8VJ2JjmaTTTIvfP4mkx73bgLO0toCWuhI6tqSxEGuAjGuoB2HH4P6\n"
	"F5u1AoHBAMMiStyDtUhUglsPieg3QoqVyc4THso9+aDft8xZVCKN1yvqfXtfyaFA\n"
	"vOSLh7jHVELHyK5eHthmK8tyZYGV8DW1kgWn7S8KARNgyQ01G0cRia8G6JhDz5cR\n"
	"PqIdh/foi4Fv0PhNfSFV+uv5jVLs3ZQN+Pef8BKdYTOKMO/bPxAjAxMW/098Hanp\n"
	"uIvB8rKlkDoNhmqOBb6iQzL8fA37VADf280D6Ep9pboCfWy3CSbqi2enHDJOqj+t\n"
	"rYa/Y76OjQKBwQDuRQ35SZdp7VS4ShziClrXUsBtRlbCS6FEzE4SWe5cYk7/IWdo\n"
	"gvAMu//AUdZiUJpzj5unw+QE60yhh4+LtnePHgezb5BcVgv09tJPYvsZBwhwjZz1\n"
	"QGKCUGBv7pdN3JftJdMIdq9u4Qm5mIXDk3EA6lh1qSv3GIziY+OgRB8KdQ5lAus8\n"
	"tlKVOiDNgsKVBWlFl8l9m7VR2tDyIiiq3vmRRZlzh4MHJDoNlq3EBcLryuk3lfvO\n"
	"L5lrGnpguia8NjkCgcEAtxrhtoTcwk+SttIg7UeVaCfgY0Br3wlCyiPD+7xDB92j\n"
	"cHEsaG3c7TSrS6ZmqAxbVALWnFBzj0pohBMHjw7chfmoWShXl5FCqyVh48PWodyi\n"
	"HxxTfDX9gNtMs6EUapvK9J2xMJ698V8WAwJ8C7l6vqhR3EM3arBFerCM9TX9ui2w\n"
	"f+RPlQ15ZGyNoI9RJzPW37K7VBeK6nSmrBxiaFhTXjKxtXKaMfQvZBlcCnzC2MK0\n"
	"J4KXIdnRRcm6kDvd4/0tAoHBAMfYtjha/YMrDh3lECOVhElzCFh8rK4dfdcVcURS\n"
	"jBe1gK2J/AgGY+wmHlmRFcGTexJURxcm2XCHdbZM1ofCUhCt4w0E+/4jc/EGBhn6\n"
	"IjJAKVK1EsbkIXpmxhsP5VGKMgN9OrHJf6geYK+TYgRj+DmF5U7NJBtmZpvtj7hM\n"
	"DuVmtvreo7QlFgmuoodjoRrSBH6zV8A0S537IHVCXZ3sh44c/YQZjN/Mc02qI7mK\n"
	"Ol9F3e+Ui0zzGGMuJfX1dr2tfw==\n"
	"-----END PRIVATE KEY-----\n";

static const char pem_rsa4096[] =
	"-----BEGIN PRIVATE KEY-----\n"
	"MIIJQgIBADANBgkqhkiG9w0BAQEFAASCCSwwggkoAgEAAoICAQCWqR+qB06OXjRI\n"
	"5qf3ZtB/ETUwFANQcZz8BXTyRKSeaWrPmg3+gEOFFZr+9AXVRRj4aMu6IKTIzQi7\n"
	"9oJRQYyEtCXhdVhgP9kphV3vwkZQmCRxzus50eDfvEl0GSReOVbU8552zHTiHPOH\n"
	"P/YyD135d+Lj0K39nIg5oIZLaotCiHzFrsXKAL7wXCGcPz2lbe1eF6xRurAXp7M1\n"
	"9dqk5SfZxZt9l4ZIWmGi2cvZ+xeA5mMK+p98gRo5+RRvchaBQly3fZgF3hJDR6Jm\n"
	"w81svatwnmxrIdsi2KWIgByX56eU+w9JvS3GHcU87NGlwu5DKZBM3gmnAczsrKwd\n"
	"pffnQbcTVJyYJDHb3hoAo9NcPNShzA352YShqGPJb/qZN7qRv1q0huUa2/rdZcz7\n"
	"JFVeQxSFBYx39I+HLdbaInx0OxzIpi00fvwXnZYQRUbnjntx4jK52Fn08WLO5YZn\n"
	"lH5h7ueNzfsGc+e1I+oYXcLupvMareyUGSjf0ZP5EF5Ta+QNIE5sNGkULyL95491\n"
	"7aJUXAibGqpyKCI+yLAssdF222OjLkilnsST9LtszW3Lntfe8J4VXlnonnOFs0uY\n"
	"jBlu2BZe8fZ2LoWky1couXEgD9I/zR9OAWzBqNHJrb94kiHLe7tloXQX5rJOoTWC\n"
	"4QEi3pr/yI48b9N+7sv5LTj4a+wIFQIDAQABAoICAA63orI3WIMrzKu6bHoMfx2K\n"
	"jsmNiu1Wy+EKn2vzLKmU3qw8/lT4LqBXhfaV2+QDhfbuNciO28oJzWqfIAfUAWgN\n"
	"OQ4XKnTsh8g4kP6U2c2Rry226t+REwiIGhzPP/A8ZbETw00Tl+9mqJtzshcdzS5L\n"
	"ecyLXBPEMMKAXd4MIGJ1dsrQ0d1zyTMtrNLYkqsQW/mvElRBimYlKaqBw8QL5qKt\n"
	"XQ0dui5jNdp0sCcxEhCzcMVnyiCdc/Rp0oc4e95Qn0IFcM5R7TLJUqH7Spvuw0qT\n"
	"D0A/5Go5A6Kb8S8doA87nziy1D/gNJ5I/AnXSvMgokn//q1jzaLpEz8qMVdT4hBI\n"
	"9sj5YyMzfEssP6AZWy0QbmrpTFAlBS3pjLCRrVqUf66gneqxgD3ZZxY5fG1/2hnC\n"
	"Qme6EWY2sZbZaZsljzp28TqVDQeDZ3gNJQXWKZSpwLDonLQKNhxrPdy80Sc1qCPk\n"
	"wpgMQ9aa5y3AZRAGSvf1Af6JA7u7AD2S0f5XLDh1qfqfJrEs+OAkV8xHw91SwFLh\n"
	"he9YxO4fHsxLACC7R/O/UMFBwJnQzf4zTqRaEB8TP2aE7ffxG/JlfT2ob8YzAkVq\n"
	"Mj9Q6L7q8AX/c1u+LkOCg3MT0UCssRA0UTJ+Y2zCS+jeukFwrXTD1XQWf9fcE6bT\n"
	"gWYNeYsPc7u8KkR8RnVZAoIBAQDKSkLLgYzTjHiWunI1PnN0DEG/3gkpXgzSwmJT\n"
	"03sQN/MrJmn8+gGcSNJKklFvD14Pc+AvYTP1v+5ZMcHUkfVRElamc/1CQtMGJrDG\n"
	"AkLqK/hlS2a6aIPYehfgSdvC2KK2ya0zLIuIQJpQtpiAFQK3uUR8EAqSqJ4z2l4L\n"
	"dIkmnC1yFI0Ug37pq4jFwdcsF08/TJL0HFcZpeZkgFF0aLLLNzLldQN3Zms3UHNJ\n"
	"gtoaGH44sv1inSmjAlZAGYeS6LZXLfDs10ar5PlHs8uz9yZIBSMa4ONnZ79NIYOv\n"
	"OgcGGwHbcD6EKGX+QQFzbxyyzH1tZ6bFRzQ2UQrn6tbQhtXLAoIBAQC+qZat2408\n"
	"oy2oYHpYY/CeZ8slRzUxojXoNkpPO3OzcaVGcyRg2GrL9UJW+giUDl1o7wGjYu/3\n"
	"Zctvs5oKotEqkgxhTfBFxckEs30dHDgxUHdXKT25K8XCLiRAFfj72/4COEYvOJvI\n"
	"YHLzlWWc3vac80Tvx8ncJsDd+OpfnQk35jetFZMIoGlFEgwLKPuaZ0YvTs1CujaJ\n"
	"fr3fahvorB9ckfHxnm/iMC1w0AXZ1O7zNr6PwmU7hZrJXOMPPcdUMeFeQXZVwJvg\n"
	"TuEChSOsJodLZuFF3QXs5CBlMxPabmZCk2MbtAcDaZ8CCWHW+u/cfbLGTujioGyX\n"
	"GVBS+xdZN92fAoIBAFeqAPJSTSYsXOHtIKtESiJDYYb1gQDlWidHx/bN0ioAJShQ\n"
	"+GOCMIp64G8io5m+jiOiMsg1lp/sMi2DK52kNyyQBu8RmvJJJUwoHjlhJ4B116qG\n"
	"F5m2y1RX7NrtBwiUe0c9dQqVRk6guH878jCnaksWRcCB7yMJYa3U9yZ9tSX/To5+\n"
	"q3j1V12KUbZpv4bC/zvOQmz5jyF1TLfHCAWrjbgVTsAzinIG93W8Lonv4/alIKYP\n"
	"o1FGDJIw5BHZPnCC2upC5YKt9Flv3DufhiqSc4uIdmMijEn2oueZG4knW33g3Fgt\n"
	"d1osa67YmvlccJJnnf94iMQ7jDvxuQkyMy+hDysCggEBAJA9ZEzrCBKTsHrtYiF0\n"
	"mhh8lWcCU+/Us8uVJuqCI6nhlBOUEDVkBIeAaEu8pLi9lVVJW4fr1Xbof9tlmGfr\n"
	"fSoji1Ih0GA4nTb9Qu2+55QHOAGspZFs2BNrLOl+tfp0F9o+EHqw7MnOjahRoann\n"
	"09IxCDoOf1wZxVcodMcY2lx7wisjYzTnhjxGxu26d338G1C24PpWPeQPCj323F5N\n"
	"uPwjPVJ5dlM792SdO4/sU0mUZN4FRuicztj/eJeTOTUs9z6Db664JDSx9/AcITyf\n"
	"eUNF9a8Q4uawPwHQfniFhL9hGV1f+N5QDYdQ6b/l34iDX7g/AlhQ3VYCRI5Cfwt0\n"
	"BCkCggEAJOdwzrnKr9zyFArqwlgjGD3XCQwqOqruXZ1lWnOfTWgu5WatYcrLs/IR\n"
	"IDBspIIrKUAfnsPSrmfMKhGeGrWhRAsv664OGFSp5at8eK1+YnPtVvOtXRLg0jkL\n"
	"FUiGJ24MLT8i6IotODCQ+y0TAV4QUmy48V/NRJdiybxCI2iu1l702ku4BoDrHfrh\n"
	"RUMgR+s+EBp2IEELRZ5odomxuD5K2Bs1ELpaGgzrOPbUsM0WOR1RMRLpzMnmGriO\n"
	"wqyUaSNDWKzt8kfqPY5t4H8rHuG0IM8KsfGHn8wjwMkm1NurXQxDsqAIpnVOgmO8\n"
	"yvQ4WHZlSMeqeeBgrJNTjgg1xCFXVg==\n"
	"-----END PRIVATE KEY-----\n";

static const char pem_dsa512[] =
	"-----BEGIN DSA PRIVATE KEY-----\n"
	"MIH4AgEAAkEAyxx71WMvihefDIoS4oXxJKV4wb3/PofNCE3v3sAwGimIDSMDEnYm\n"
	"KqN43MfBRAA0SqOMGgZu4m2XynzTlSKmtQIVAIcuMMeU85pzhYpCW7JUWGdaHuZZ\n"
	"AkBELwzLlueiA/j/VxafGyk9SBf2xLGWHByvqTLlPfsjKG/297Cx5amcROSHmmQ6\n"
	"o/qFi8gm6H6zv8xExYJvTi19AkEApYOJWHMs4dAzGWXvcSEJNP6+nzxdFaQwn6nZ\n"
	"5EMcG/i6WK8GPnfJniwxgKIbPI4xVOvilBtAp1zZmOAZjvaWxwIUGHzCJwdkt/NH\n"
	"UqJHgVtGyHzcfh4=\n"
	"-----END DSA PRIVATE KEY-----\n";

static const char pem_dsa1024[] =
	"-----BEGIN PRIVATE KEY-----\n"
	"MIIBXAIBADCCATQGByqGSM44BAEwggEnAoGBAIfcC8QqZvwX6DxKuEwn+m/on+RN\n"
	"6ZKR2ocI9jUXkz0VDidK4WzRDdtrfecXL/pQrio4DnN6+R9hR+qrqD6djt5UgAoC\n"
	"tLV2YvG+9my0ZbRCOQDAcaPdTUbApGIWE8ExMGwP5PG9X5Td+4Ya2hZjNcOPXfl9\n"
	"sffwNQDuUYI/YGMdAh0A16XnOhnmGtBsLI5U83aTHCpCkq+VQS1FlBp3jQKBgQCH\n"
	"jXMGTBD+HxbXpmAtYSez2k9UjqCiNGdiZ4hWhlScx32ukJGOvUSFekoBM127PQpH\n"
	"IjCeqzogfMbqh3F2ueuDZuBxjbI0sQX/tV0Idn1HTjfUcKhTreypX62OA9B2urCV\n"
	"BMqZAvD5sa7t/J9ywD+OmhiYfDNgF5a+FPUtYsrzUQQfAh0AkoKueGo7RcPJ/HaG\n"
	"AZfSYXus0ptjPtcAYa3R7g==\n"
	"-----END PRIVATE KEY-----\n";

static const char pem_dsa2048[] =
	"-----BEGIN PRIVATE KEY-----\n"
	"MIICXgIBADCCAjYGByqGSM44BAEwggIpAoIBAQCvoWNhKlbpTYG82SglvK2QG/+d\n"
	"BJUgkvYTT8ppXJuUGsLmUhLSCiLQgiknx3p87m3CGOqV4N/+lmsIQE0pa026lWcg\n"
	"ldoo1tAtfXOIaOukciQO7KdgzSGqdCTCT/ZapfYE2Ktq7WTkCUaPkN8jELv77a7U\n"
	"St9Jjxv3avywREyIDYrmpQXh26oOVf9DuBL4ID8MLkk48rcC2rmPLQc1ftaC+qIW\n"
	"k7bjxyOzm1V4YI5x48vKo2lPTr/iYGPF+LLIsBI5IeD0QD/x6wcHViCondZMj4DS\n"
	"tgFeIHxHnCxpGppuNEXzfeYqJ7vZ0HPjw6e1LX1PCGtECKm6w4W7wgaKIhBHAh0A\n"
	"/pFvhMEDza20rGQikDbKzYffEeVsw91YOAdOrwKCAQEAqJS6zi4hf5bLUghdlIVQ\n"
	"X6/ACRKL0AU9QwaPcr/s00Z3OPzp0QF+ewYKsAAeuAImcZs7XsbCIfXhqfhpWzuV\n"
	"kXaI+BGyjwq2z3S1OVJkU+S9f9ABZzYB1xdEWnUwcV70x+N3jSSxvLI6Uc/Wakgl\n"
	"n6zDlYlakTilfApLmcUb7vJIgytNWO1kTaIoNS7bkXzYbN0laiFa5eNazrItxDmO\n"
	"zoel5Yv58KeqrHiZZZ50/lPp7R4YbgTd5S+HN905QZjaC0HCKYKALJ9K4p5tTCqO\n"
	"xipbQFdXgDvWh4hMUrYIsFEJd9poJm51a9z1Gnp7Pe0hQJQBSCHrKNxQMVHL9eQy\n"
	"/gQfAh0AzvMSf0pjutY9C4HnUwZxIz0gJZh98gsu7PcHCA==\n"
	"-----END PRIVATE KEY-----\n";

/* P-256 and P-384 keys (`openssl genpkey -algorithm EC`): the signer or ECDH key (a), and the ECDH peer (b). */
static const char pem_p256a[] =
	"-----BEGIN PRIVATE KEY-----\n"
	"MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgz5TEsdIWJ0vBtfrU\n"
	"MWwprj8oTdONHxcX6HxPIF2lb8KhRANCAAQ0czc92Rxj189sQ5j4jFkVtHHASB5q\n"
	"x0zM8ndddTRDVbLFjg8ynJLYjMOAHKTXSTBHjwFfGgtA290LXD1ydZsY\n"
	"-----END PRIVATE KEY-----\n";
static const char pem_p256b[] =
	"-----BEGIN PRIVATE KEY-----\n"
	"MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgQ74icQ3H0VJhr6Dg\n"
	"1/ZRmja573FVEMJTDCT1ODEO66mhRANCAAT3qPDkolgcGkmbj8+QiacVy6YtqZkv\n"
	"J09oNBCC+XgWbSUnYdPklxF84bsoD5fCr0a4WWuwbrIuDIYkjScElgVY\n"
	"-----END PRIVATE KEY-----\n";
static const char pem_p384a[] =
	"-----BEGIN PRIVATE KEY-----\n"
	"MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDBVbpn/nvPd4sRyqKWU\n"
	"0qe9KnOqzeiwAl3fDGGMsDON4dTuB+TsKriJlmMu/GaPwkmhZANiAASTHBsfx7uX\n"
	"QDWyq1xg1pcp2cPw9N+Z+Yn+awN+fWeEwswaISPRtK59YXkFrRfUvC5Sz6hXTTiM\n"
	"Xrogix73f0bVn46MriKij5QJgbJ7OUrpJO1z9nzvFJSf6OntsRUhjNE=\n"
	"-----END PRIVATE KEY-----\n";
static const char pem_p384b[] =
	"-----BEGIN PRIVATE KEY-----\n"
	"MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDCXZ+8SrZESn5OaAeTb\n"
	"FAWKh9SwmbuG8gJoszf6BDoR+v55tZe45nb3Ezmtgr16QiuhZANiAASMD3NUGceb\n"
	"4RI+VAscV2tS3RRBTRQLLhJM2pkP2/vuvKvZxL+87YsflJeLWPXk33dlf+d93fIb\n"
	"7n4ORVf7djsGLiffXIkI50u1YnrPCqArKusg45VCiaeV6Hp4v68mDlI=\n"
	"-----END PRIVATE KEY-----\n";

/* SHA-256 of each RSA key's PKCS#1 v1.5 signature of the 36 bytes 01 02 ... 24
 * (`openssl pkeyutl -sign -pkeyopt rsa_padding_mode:pkcs1`): the known answer. */
static const struct pk_key {
	const char *word;
	const char *pem;
	const char *sig_sha256; /* NULL for DSA, whose signatures are randomised */
} pk_keys[] = {
	{ "rsa512", pem_rsa512, "a8c2b71e08432eeff6c0f366e7e3e13a97011e571ebb193ffef5ba28c0518f83" },
	{ "rsa1024", pem_rsa1024, "5d3ffe278eccb7aa50e86622e476e7f7b9786cb8bc6abc5de99c1eb090bf0d64" },
	{ "rsa2048", pem_rsa2048, "955fa8fc627f88edabdbdc5a639f12448606cd321839cd1ea0b2cfa94cbd8cab" },
	{ "rsa3072", pem_rsa3072, "7abfef9e92e68bccae0a8e8ec0b107fd92b6950a86d75242b759bde13bcb90ed" },
	{ "rsa4096", pem_rsa4096, "015be4b51ae94c72c052ef4f2c0b1fed6f38c5819543d0103745c57bb15d8397" },
	{ "dsa512", pem_dsa512, NULL },
	{ "dsa1024", pem_dsa1024, NULL },
	{ "dsa2048", pem_dsa2048, NULL },
	{ "ecdsap256", pem_p256a, NULL },
	{ "ecdsap384", pem_p384a, NULL },
	{ "ecdhp256", pem_p256a, NULL },
	{ "ecdhp384", pem_p384a, NULL },
	{ "ecdhx25519", NULL, NULL },
	{ "ed25519", NULL, NULL },
};

/* What each word times: EVP_PKEY_sign/verify (rsa, dsa, ecdsa), EVP_PKEY_derive, EVP_DigestSign/Verify. */
enum { K_SIGN = 0, K_DERIVE, K_EDDSA };

/* X25519: RFC 7748 6.1's private keys of Alice (ours) and Bob (the peer); Ed25519: RFC 8032 7.1 TEST 1's seed. */
static const uint8_t x25519_a[32] = { 0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72,
	0x51, 0xb2, 0x66, 0x45, 0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9,
	0x2c, 0x2a };
static const uint8_t x25519_b[32] = { 0x5d, 0xab, 0x08, 0x7e, 0x62, 0x4a, 0x8a, 0x4b, 0x79, 0xe1, 0x7f, 0x8b,
	0x83, 0x80, 0x0e, 0xe6, 0x6f, 0x3b, 0xb1, 0x29, 0x26, 0x18, 0xb6, 0xfd, 0x1c, 0x2f, 0x8b, 0x27, 0xff, 0x88,
	0xe0, 0xeb };
static const uint8_t ed25519_seed[32] = { 0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4,
	0x92, 0xec, 0x2c, 0xc4, 0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae,
	0x7f, 0x60 };
#define NID_X25519 1034
#define NID_ED25519 1087

typedef struct o_pk {
	const ossl_api *o;
	const struct pk_key *key;
	int kind;                      /* K_SIGN, K_DERIVE, K_EDDSA */
	void *pkey, *sctx, *vctx;      /* K_DERIVE: sctx ours with the peer set, vctx the peer's with ours */
	void *peer;                    /* K_DERIVE: the peer's key */
	void *mctx, *mvctx;            /* K_EDDSA: EVP_MD_CTX for signing and verifying */
	uint8_t md[36];        /* 36 bytes for RSA (MD5+SHA-1, as openssl speed), 20 for DSA */
	size_t md_len;
	uint8_t sig[1024], tmp[1024];
	size_t sig_len;
} o_pk;

void o_pk_free(void *arg)
{
	o_pk *k = arg;

	if (k == NULL)
		return;
	if (k->sctx)
		k->o->EVP_PKEY_CTX_free(k->sctx);
	if (k->vctx)
		k->o->EVP_PKEY_CTX_free(k->vctx);
	if (k->mctx)
		k->o->EVP_MD_CTX_free(k->mctx);
	if (k->mvctx)
		k->o->EVP_MD_CTX_free(k->mvctx);
	if (k->peer)
		k->o->EVP_PKEY_free(k->peer);
	if (k->pkey)
		k->o->EVP_PKEY_free(k->pkey);
	free(k);
}

int o_pk_sign(void *arg)
{
	o_pk *k = arg;
	size_t len = sizeof(k->tmp);

	if (k->kind == K_DERIVE)
		return k->o->EVP_PKEY_derive(k->sctx, k->tmp, &len) == 1 ? 0 : EMBER_EINTERNAL;
	if (k->kind == K_EDDSA)
		return k->o->EVP_DigestSign(k->mctx, k->tmp, &len, k->md, k->md_len) == 1 ? 0 : EMBER_EINTERNAL;
	return k->o->EVP_PKEY_sign(k->sctx, k->tmp, &len, k->md, k->md_len) == 1 ? 0 : EMBER_EINTERNAL;
}

int o_pk_verify(void *arg)
{
	o_pk *k = arg;

	if (k->kind == K_DERIVE)
		return EMBER_EINVAL; /* one operation */
	if (k->kind == K_EDDSA)
		return k->o->EVP_DigestVerify(k->mvctx, k->sig, k->sig_len, k->md, k->md_len) == 1 ? 0 : EMBER_EVERIFY;
	return k->o->EVP_PKEY_verify(k->vctx, k->sig, k->sig_len, k->md, k->md_len) == 1 ? 0 : EMBER_EVERIFY;
}

/* A private key from PEM text, or NULL. */
static void *read_pem(const ossl_api *o, const char *pem)
{
	void *bio = o->BIO_new_mem_buf(pem, -1), *pkey = NULL;

	if (bio != NULL) {
		pkey = o->PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL);
		o->BIO_free(bio);
	}
	return pkey;
}

/*
 * ECDH, X25519 (EVP_PKEY_derive on a context whose peer is set once, as
 * openssl speed 3.0) and Ed25519 (EVP_DigestSign and EVP_DigestVerify of
 * 20 bytes on contexts initialised once, as openssl speed 3.0).
 */
static void *o_ec_new(o_pk *k, const char *word, char *err, size_t err_len)
{
	const ossl_api *o = k->o;
	size_t i;

	k->md_len = 20;
	for (i = 0; i < k->md_len; i++)
		k->md[i] = (uint8_t)(i + 1);
	if (strcmp(word, "ed25519") == 0) {
		k->kind = K_EDDSA;
		if (o->EVP_PKEY_new_raw_private_key == NULL || o->EVP_DigestSignInit == NULL || o->EVP_DigestSign == NULL ||
		    o->EVP_DigestVerifyInit == NULL || o->EVP_DigestVerify == NULL) {
			snprintf(err, err_len, "%s: this libcrypto has no Ed25519 (EVP_DigestSign, 1.1.1 and later)", word);
			goto fail;
		}
		k->pkey = o->EVP_PKEY_new_raw_private_key(NID_ED25519, NULL, ed25519_seed, 32);
		k->mctx = k->pkey ? o->EVP_MD_CTX_new() : NULL;
		k->mvctx = k->pkey ? o->EVP_MD_CTX_new() : NULL;
		if (k->mctx == NULL || k->mvctx == NULL || o->EVP_DigestSignInit(k->mctx, NULL, NULL, NULL, k->pkey) != 1 ||
		    o->EVP_DigestVerifyInit(k->mvctx, NULL, NULL, NULL, k->pkey) != 1) {
			snprintf(err, err_len, "%s: this libcrypto does not take the Ed25519 test key", word);
			goto fail;
		}
		k->sig_len = sizeof(k->sig);
		if (o->EVP_DigestSign(k->mctx, k->sig, &k->sig_len, k->md, k->md_len) != 1) {
			snprintf(err, err_len, "%s: this libcrypto refuses to sign with the test key", word);
			goto fail;
		}
		return k;
	}
	k->kind = K_DERIVE;
	if (o->EVP_PKEY_derive_init == NULL || o->EVP_PKEY_derive_set_peer == NULL || o->EVP_PKEY_derive == NULL ||
	    (k->key->pem == NULL && o->EVP_PKEY_new_raw_private_key == NULL)) {
		snprintf(err, err_len, "%s: this libcrypto lacks EVP_PKEY_derive%s", word,
		    k->key->pem == NULL ? " or raw X25519 keys (1.1.1 and later)" : "");
		goto fail;
	}
	if (k->key->pem == NULL) {
		k->pkey = o->EVP_PKEY_new_raw_private_key(NID_X25519, NULL, x25519_a, 32);
		k->peer = o->EVP_PKEY_new_raw_private_key(NID_X25519, NULL, x25519_b, 32);
	} else {
		k->pkey = read_pem(o, k->key->pem);
		k->peer = read_pem(o, strcmp(word, "ecdhp256") == 0 ? pem_p256b : pem_p384b);
	}
	if (k->pkey != NULL && k->peer != NULL) {
		k->sctx = o->EVP_PKEY_CTX_new(k->pkey, NULL);
		k->vctx = o->EVP_PKEY_CTX_new(k->peer, NULL);
	}
	if (k->sctx == NULL || k->vctx == NULL || o->EVP_PKEY_derive_init(k->sctx) != 1 ||
	    o->EVP_PKEY_derive_init(k->vctx) != 1 || o->EVP_PKEY_derive_set_peer(k->sctx, k->peer) != 1 ||
	    o->EVP_PKEY_derive_set_peer(k->vctx, k->pkey) != 1) {
		snprintf(err, err_len, "%s: this libcrypto does not take the test keys", word);
		goto fail;
	}
	return k;
fail:
	o_pk_free(k);
	return NULL;
}

void *o_pk_new(const char *word, char *err, size_t err_len)
{
	const ossl_api *o = ossl_load(err, err_len);
	const struct pk_key *key = NULL;
	o_pk *k;
	void *bio;
	size_t i;

	if (o == NULL)
		return NULL;
	for (i = 0; i < sizeof(pk_keys) / sizeof(pk_keys[0]); i++)
		if (strcmp(pk_keys[i].word, word) == 0)
			key = &pk_keys[i];
	if (key == NULL) {
		snprintf(err, err_len, "%s: unknown public-key word", word);
		return NULL;
	}
	if (o->BIO_new_mem_buf == NULL || o->BIO_free == NULL || o->PEM_read_bio_PrivateKey == NULL ||
	    o->EVP_PKEY_free == NULL || o->EVP_PKEY_CTX_new == NULL || o->EVP_PKEY_CTX_free == NULL ||
	    o->EVP_PKEY_sign_init == NULL || o->EVP_PKEY_sign == NULL || o->EVP_PKEY_verify_init == NULL ||
	    o->EVP_PKEY_verify == NULL) {
		snprintf(err, err_len, "%s: this libcrypto lacks the EVP_PKEY signing calls", word);
		return NULL;
	}
	k = calloc(1, sizeof(*k));
	if (k == NULL) {
		snprintf(err, err_len, "out of memory");
		return NULL;
	}
	k->o = o;
	k->key = key;
	if (strncmp(word, "ecdh", 4) == 0 || strcmp(word, "ed25519") == 0)
		return o_ec_new(k, word, err, err_len);
	k->md_len = word[0] == 'r' ? 36 : 20;
	for (i = 0; i < k->md_len; i++)
		k->md[i] = (uint8_t)(i + 1);
	bio = o->BIO_new_mem_buf(key->pem, -1);
	if (bio != NULL) {
		k->pkey = o->PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL);
		o->BIO_free(bio);
	}
	if (k->pkey != NULL) {
		k->sctx = o->EVP_PKEY_CTX_new(k->pkey, NULL);
		k->vctx = o->EVP_PKEY_CTX_new(k->pkey, NULL);
	}
	if (k->sctx == NULL || k->vctx == NULL || o->EVP_PKEY_sign_init(k->sctx) != 1 ||
	    o->EVP_PKEY_verify_init(k->vctx) != 1) {
		snprintf(err, err_len, "%s: this libcrypto does not take the test key", word);
		o_pk_free(k);
		return NULL;
	}
	k->sig_len = sizeof(k->sig);
	if (o->EVP_PKEY_sign(k->sctx, k->sig, &k->sig_len, k->md, k->md_len) != 1) {
		snprintf(err, err_len, "%s: this libcrypto refuses to sign with the test key", word);
		o_pk_free(k);
		return NULL;
	}
	return k;
}

/* Round trip, a changed digest refused, and for RSA the known signature (by Ember's SHA-256). */
/*
 * The curves: both sides of a derivation agree (X25519: RFC 7748 6.1's
 * shared secret); an Ed25519 signature is Ember's of the same seed and
 * message (Ed25519 is deterministic), and verifies.
 */
static int o_ec_selftest(o_pk *k)
{
	uint8_t a[128], b[128];
	size_t al = sizeof(a), bl = sizeof(b);

	if (k->kind == K_DERIVE) {
		static const uint8_t rfc7748[32] = { 0x4a, 0x5d, 0x9d, 0x5b, 0xa4, 0xce, 0x2d, 0xe1, 0x72, 0x8e, 0x3b, 0xf4,
			0x80, 0x35, 0x0f, 0x25, 0xe0, 0x7e, 0x21, 0xc9, 0x47, 0xd1, 0x9e, 0x33, 0x76, 0xf0, 0x9b, 0x3c, 0x1e,
			0x16, 0x17, 0x42 };
		if (k->o->EVP_PKEY_derive(k->sctx, a, &al) != 1 || k->o->EVP_PKEY_derive(k->vctx, b, &bl) != 1)
			return EMBER_EINTERNAL;
		if (al != bl || al == 0 || memcmp(a, b, al) != 0)
			return EMBER_EVERIFY;
		if (k->key->pem == NULL && (al != 32 || memcmp(a, rfc7748, 32) != 0))
			return EMBER_EVERIFY;
		return 0;
	} else {
		ember_ed25519_key key;
		int e;
		if (ember_ed25519_keypair(&key, ed25519_seed) != 0 || ember_ed25519_sign(&key, a, k->md, k->md_len) != 0)
			return EMBER_EINTERNAL;
		ember_ed25519_clear(&key);
		if (k->sig_len != 64 || memcmp(a, k->sig, 64) != 0)
			return EMBER_EVERIFY;
		if ((e = o_pk_verify(k)) != 0)
			return e;
		k->md[0] ^= 1;
		e = o_pk_verify(k) == 0 ? EMBER_EVERIFY : 0;
		k->md[0] ^= 1;
		return e;
	}
}

int o_pk_selftest(void *arg)
{
	o_pk *k = arg;
	int e;

	if (k->kind != K_SIGN)
		return o_ec_selftest(k);
	e = o_pk_verify(k);

	if (e != 0)
		return e;
	k->md[0] ^= 1;
	e = k->o->EVP_PKEY_verify(k->vctx, k->sig, k->sig_len, k->md, k->md_len) == 1 ? EMBER_EVERIFY : 0;
	k->md[0] ^= 1;
	if (e == 0 && k->key->sig_sha256 != NULL) {
		const ember_hash_desc *d = ember_hash_find("sha256", NULL);
		uint8_t h[32];
		char hex[65];
		size_t i;

		if (d == NULL)
			return 0; /* no SHA-256 in this build: the round trip stands */
		ember_hash(d, h, k->sig, k->sig_len);
		for (i = 0; i < 32; i++)
			snprintf(hex + 2 * i, 3, "%02x", h[i]);
		if (strcmp(hex, k->key->sig_sha256) != 0)
			e = EMBER_EVERIFY;
	}
	return e;
}

